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
  /// A Google API refused the stream (`FirebaseRealtimeTransport`): its status and message,
  /// e.g. 403 "Firebase Remote Config Realtime API has not been used in project ...".
  /// Retried only for Firebase's retryable statuses: 408, 429, 502, 503 and 504.
  case service(GoogleAPIError)
  /// No Firebase installation (or auth token) could be had to open the stream; nothing was
  /// sent. A configuration Google refused is not retried; the rest are.
  case installations(FirebaseInstallationsError)

  /// The statuses after which Firebase's SDKs connect again (firebase-rc-client.md §2.4).
  static let firebaseRetryableStatuses: Set<Int> = [408, 429, 502, 503, 504]

  /// Whether trying again later can help: everything but a client error (4xx) other than
  /// 408 (request timeout) and 429 (too many requests), which say the request itself is
  /// wrong (bad URL, missing credentials) and would fail the same way forever. A Google API's
  /// refusal (`.service`) is retried for Firebase's statuses only (408, 429, 502, 503, 504),
  /// and an installation Google refused for its configuration not at all.
  public var isRetryable: Bool {
    switch self {
    case .service(let error):
      return Self.firebaseRetryableStatuses.contains(error.httpStatus)
    case .installations(let error):
      return error.isRetryable
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
    case .service(let error): error.retryAfter
    case .connectivity, .timeout, .invalidResponse, .installations: nil
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
    case .service(let error): "real-time stream: \(error)"
    case .installations(let error): "real-time stream: no Firebase installation: \(error)"
    }
  }
}
