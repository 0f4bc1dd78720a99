public import Core

/// Why the real-time stream could not be opened or broke.
public enum RealtimeStreamError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server answered the stream request with a status other than 200.
  case http(status: Int, retryAfter: RetryAfter?)
  /// The server could not be reached or the connection broke: DNS, refused, reset, offline.
  case connectivity(String)
  /// The stream stayed silent for longer than its idle timeout.
  case timeout
  /// The answer was not a usable stream.
  case invalidResponse(String)
  /// The stream's source refused or failed in its own terms (a Google API's refusal, no
  /// Firebase installation), carried as its own error; retried when it says so.
  case underlying(SourceFailure)

  /// Whether trying again later can help: everything but a client error (4xx) other than
  /// 408 (request timeout) and 429 (too many requests), which say the request itself is
  /// wrong (bad URL, missing credentials) and would fail the same way forever. A source's own
  /// failure (`.underlying`) says so itself.
  public var isRetryable: Bool {
    switch self {
    case .underlying(let failure):
      return failure.isRetryable
    case .http(let status, _) where (400..<500).contains(status):
      return status == 408 || status == 429
    case .http, .connectivity, .timeout, .invalidResponse:
      return true
    }
  }

  /// The `Retry-After` the server sent with its refusal, if any.
  var retryAfter: RetryAfter? {
    switch self {
    case .http(_, let retryAfter): retryAfter
    case .underlying(let failure): failure.serverAnswer?.retryAfter
    case .connectivity, .timeout, .invalidResponse: nil
    }
  }

  /// One line for a person, e.g. `real-time stream: HTTP 503`.
  public var description: String {
    switch self {
    case .http(let status, nil): "real-time stream: HTTP \(status)"
    case .http(let status, let retryAfter?):
      "real-time stream: HTTP \(status) (Retry-After: \(retryAfter))"
    case .connectivity(let message): "real-time stream: \(message)"
    case .timeout: "real-time stream: no data within the idle timeout"
    case .invalidResponse(let message): "real-time stream: invalid response: \(message)"
    case .underlying(let failure): "real-time stream: \(failure)"
    }
  }
}
