import Core

/// Why a request produced no whole response. The callers (template sources, the credential
/// providers, the management client) map these to their own vocabulary.
package enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No whole response within the deadline.
  case timeout
  /// The caller's task was cancelled.
  case cancelled
  /// DNS, a refused or reset connection, no network, TLS: described with the scheme, host
  /// and port only (a path or query may carry a secret).
  case connectivity(String)
  /// The body passed the limit, in bytes.
  case bodyTooLarge(limit: Int)
  /// The body ended before its declared length (`expected` is nil when none was declared).
  case truncatedBody(received: Int, expected: Int?)
  /// The answer was not a usable HTTP response, or a redirect that is not followed.
  case invalidResponse(String)
  /// A request carrying a secret was not sent, because it (or a redirect) would have sent
  /// the secret over plain http or its body to another origin: the refusal says where and
  /// why, never the secret.
  case secretRefused(HTTPSecretRefusal)

  /// One line for a person.
  package var description: String {
    switch self {
    case .timeout: "no answer within the timeout"
    case .cancelled: "the request was cancelled"
    case .connectivity(let message): "cannot connect to \(message)"
    case .bodyTooLarge(let limit): "the response body is larger than the limit of \(limit) bytes"
    case .truncatedBody(let received, let expected?):
      "the response body was cut short after \(received) of \(expected) bytes"
    case .truncatedBody(let received, nil):
      "the response body was cut short after \(received) bytes"
    case .invalidResponse(let message): "invalid HTTP response: \(message)"
    case .secretRefused(let refusal): refusal.description
    }
  }
}
