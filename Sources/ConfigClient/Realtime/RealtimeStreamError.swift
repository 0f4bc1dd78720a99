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

  /// Whether trying again later can help: everything but a client error (4xx) other than
  /// 408 (request timeout) and 429 (too many requests), which say the request itself is
  /// wrong (bad URL, missing credentials) and would fail the same way forever.
  public var isRetryable: Bool {
    guard case .http(let status, _) = self, (400..<500).contains(status) else { return true }
    return status == 408 || status == 429
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
    }
  }
}
