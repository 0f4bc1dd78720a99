import Core

/// Why a request produced no whole response: the one error the HTTP layer throws, from
/// `HTTPClient.send`, `HTTPExchange.open` and an exchange's body alike, whichever transport
/// carried the request. The callers (template sources, the real-time stream, the credential
/// providers, the Firebase clients) switch over it to say it in their own vocabulary.
///
/// Each transport's own failures become one of these once, where the transport ends the
/// request (`HTTPConnection.finish`), so no caller sees a socket's, OpenSSL's or URLSession's
/// error:
/// - `.timeout`: the socket run's idle timeout (`SocketTransportError.timedOut`: connecting,
///   sending, reading, the TLS handshake), URLSession's `URLError.timedOut`, or the caller's
///   deadline (`HTTPClient`).
/// - `.cancelled`: the waiting task cancelled, `HTTPExchange.cancel()` or the body dropped
///   (`SocketTransportError.cancelled` once the socket run is woken), `URLError.cancelled`.
/// - `.connectivity`: the rest of `SocketTransportError` (`cannotFindHost`: host not found;
///   `cannotConnect`: connection refused; `connectionLost`: connection lost; `tls`: the
///   `TLSFailure`'s text; `proxy`: `proxy: ` and why) and every other `URLError`, each after
///   the URL's scheme, host and port (`HTTPHost.place`). Once a head has arrived,
///   `HTTPClient` reports these as `.truncatedBody`: the body was cut short.
/// - `.invalidHost`: the request's own URL has no host a request may go to (`HTTPHost`).
/// - `.invalidResponse`: what is not HTTP/1.x (the response reader's `malformed` reasons),
///   a connection that ends before a head, a redirect that is not followed (not http(s),
///   https to http, a Location's host refused, more than `HTTPExchange.maximumRedirects`),
///   a URL that is not http(s), a request header that would break its line, and gzip that
///   does not inflate.
/// - `.bodyTooLarge`: the body passed the limit, declared, received or inflated.
/// - `.truncatedBody`: from `HTTPClient` only, which knows the body's declared length.
/// - `.secretRefused`: `HTTPSecretGuard`'s refusals, a redirect that would re-send a secret
///   body to another origin, and a `localhost` name that resolves to no loopback address.
///
/// Texts name a URL by its scheme, host and port at most, never its path or query, and
/// never a secret.
package enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No whole response within the deadline.
  case timeout
  /// The caller's task was cancelled.
  case cancelled
  /// DNS, a refused or reset connection, no network, TLS, the proxy: described with the
  /// scheme, host and port only (a path or query may carry a secret).
  case connectivity(String)
  /// The request's URL has no host a request may go to, and nothing was sent: where, and
  /// what is wrong. (A redirect's is `.invalidResponse`: the server's answer is at fault.)
  case invalidHost(HTTPHostRefusal)
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
    case .invalidHost(let refusal): "cannot connect to \(refusal)"
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
