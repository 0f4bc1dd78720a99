import HTTPTransport

extension CredentialsError {
  /// The error for an exchange with `server` (e.g. `the token endpoint https://...`) that
  /// brought no whole answer: a timeout, a connection that failed or broke off (or a URL
  /// with no host to connect to), or a cancellation are `.unreachable`; an answer that is not
  /// HTTP, or too large, is `.refused`; a request the secret guard kept back is
  /// `.insecureTransport`.
  init(_ error: HTTPError, asking server: String, for subject: String) {
    switch error {
    case .timeout:
      self.init(.unreachable, "\(server) did not answer \(subject) in time")
    case .cancelled:
      self.init(.unreachable, "the request to \(server) for \(subject) was cancelled")
    case .connectivity, .invalidHost, .truncatedBody:
      self.init(.unreachable, "\(server) could not be reached for \(subject): \(error)")
    case .secretRefused(let refusal):
      self.init(
        .insecureTransport, "the request to \(server) for \(subject) was not sent: \(refusal)")
    case .bodyTooLarge, .invalidResponse:
      self.init(.refused, "\(server) answered \(subject) with something unusable: \(error)")
    }
  }

  /// `text` ending in a full stop (unless it already ends in `.`, `!` or `?`), so messages
  /// that quote a server's sentence do not end in two.
  static func sentence(_ text: String) -> String {
    guard let last = text.last, !".!?".contains(last) else { return text }
    return text + "."
  }
}
