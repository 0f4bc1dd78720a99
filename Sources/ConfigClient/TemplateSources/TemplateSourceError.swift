public import Core

/// Why a template source could not answer. Every transport maps every failure to one of
/// these, so the client's throttling rules see the same cases whatever the transport.
public enum TemplateSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server answered with a status other than 200 or 304, with its `Retry-After` header
  /// when it sent one. 429 throttles at once; 500, 502, 503 and 504 after the second
  /// consecutive failure.
  case http(status: Int, retryAfter: RetryAfter?)
  /// The source could not be reached: DNS, a refused or reset connection, no network, a
  /// missing file. Never throttles.
  case connectivity(String)
  /// No complete answer within the fetch timeout. Never throttles.
  case timeout
  /// The body was larger than the limit, in bytes.
  case bodyTooLarge(limit: Int)
  /// The body ended before its declared length (`expected` is nil when none was declared).
  case truncatedBody(received: Int, expected: Int?)
  /// The answer was not a usable HTTP response, e.g. a 304 to a request without an ETag.
  case invalidResponse(String)
  /// The source failed in its own terms (a Google API's error body, no access token, no
  /// Firebase installation), carried as the source's own error. Throttles exactly as `.http`
  /// when the server answered (`SourceFailure.serverAnswer`); never when it did not.
  case underlying(SourceFailure)
  /// The request could not be sent as the client asked for it, e.g. a custom signal over
  /// Firebase's limits; nothing was sent. Never throttles.
  case invalidRequest(String)

  /// One line for a person, e.g. `HTTP 503 (Retry-After: 120 s)`.
  public var description: String {
    switch self {
    case .http(let status, let retryAfter):
      guard let retryAfter else { return "HTTP \(status)" }
      return "HTTP \(status) (Retry-After: \(retryAfter))"
    case .connectivity(let message):
      return "cannot reach the template source: \(message)"
    case .timeout:
      return "the template source did not answer within the fetch timeout"
    case .bodyTooLarge(let limit):
      return "the template body is larger than the limit of \(limit) bytes"
    case .truncatedBody(let received, let expected?):
      return "the template body was cut short after \(received) of \(expected) bytes"
    case .truncatedBody(let received, nil):
      return "the template body was cut short after \(received) bytes"
    case .invalidResponse(let message):
      return "invalid response from the template source: \(message)"
    case .underlying(let failure):
      return failure.description
    case .invalidRequest(let message):
      return "the fetch was not sent: \(message)"
    }
  }

  /// The status and `Retry-After` of an answer the server gave (`.http`, and `.underlying`
  /// when its server answered): what the throttle counts; nil for failures the server never
  /// answered.
  var serverAnswer: ServerAnswer? {
    switch self {
    case .http(let status, let retryAfter): ServerAnswer(status: status, retryAfter: retryAfter)
    case .underlying(let failure): failure.serverAnswer
    case .connectivity, .timeout, .bodyTooLarge, .truncatedBody, .invalidResponse,
      .invalidRequest:
      nil
    }
  }
}
