public import ConfigEngine
import Core
public import Foundation

/// Why `fetch()` failed. In every case the active and the fetched templates are unchanged.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The client is throttled (after HTTP 429 or repeated server errors) until this instant;
  /// no network call was made.
  case throttled(until: Date)
  /// The template source failed.
  case source(TemplateSourceError)
  /// The fetched template did not parse or failed validation; it was thrown away.
  case invalidTemplate(TemplateError)

  /// One line for a person, e.g. `fetch throttled until 2026-01-01T00:04:00Z`.
  public var description: String {
    switch self {
    case .throttled(let until):
      "fetch throttled until \(Timestamp.format(until)); no request was sent"
    case .source(let error):
      "fetch failed: \(error)"
    case .invalidTemplate(let error):
      "fetched template rejected, the previous one stays: \(error)"
    }
  }
}
