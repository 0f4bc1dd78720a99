/// One request as the server read it, whole: the handler sees it only once its body has
/// arrived (de-chunked, within the body limit), so a handler never deals with framing.
package struct HTTPServerRequest: Sendable {
  /// The method as sent, e.g. `GET`: a token, case kept (methods are case-sensitive).
  package var method: String
  /// The request target's path, percent-escapes as sent: `/` for `*` or an absolute URL
  /// without one; never empty. Printable ASCII only (the parser refuses anything else).
  package var path: String
  /// What followed `?` in the target, as sent; nil when there was no `?`.
  package var query: String?
  /// The header fields in the order sent, names as sent, values without surrounding blanks.
  package var headers: [(name: String, value: String)]
  /// The body, whole and de-chunked; empty when there was none.
  package var body: [UInt8]
  /// The peer's address and port for logs, e.g. `127.0.0.1:53312` or `[::1]:53312`.
  package var remoteAddress: String

  /// A request from its parts: the parser's, or a test's that calls a handler directly.
  package init(
    method: String, path: String, query: String? = nil,
    headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    remoteAddress: String = ""
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.remoteAddress = remoteAddress
  }

  /// The value of the first header named `name`, compared without regard to ASCII case as
  /// field names are (RFC 9110, section 5.1); nil when there is none.
  package func header(_ name: String) -> String? {
    headers.first { HTTPSyntax.namesEqual($0.name, name) }?.value
  }
}
