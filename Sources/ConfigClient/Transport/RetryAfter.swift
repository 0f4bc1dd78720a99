import Core
import Foundation

/// A parsed `Retry-After` header: delta-seconds or an HTTP-date. The client does not fetch
/// again before the moment it names (within `RemoteConfigSettings.maximumRetryAfter`).
public enum RetryAfter: Sendable, Equatable, CustomStringConvertible {
  /// Wait this many seconds from the moment the answer arrived.
  case seconds(Int)
  /// Wait until this instant.
  case date(Date)

  /// For example `120 s` or `2026-01-01T00:02:00Z`.
  public var description: String {
    switch self {
    case .seconds(let seconds): "\(seconds) s"
    case .date(let date): Timestamp.format(date)
    }
  }
}
