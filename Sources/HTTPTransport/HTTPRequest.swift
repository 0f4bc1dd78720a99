package import Foundation

/// A request as the transports send it: the method, the URL, the header fields in order, and
/// the body, if any.
package struct HTTPRequest: Sendable {
  /// `GET`, `POST`, `PUT`, ...
  var method: String
  /// Where to send it (http or https).
  package var url: URL
  /// Header fields in order, names as given. `Host`, `Content-Length` and `Connection` are
  /// the transport's.
  var headers: [(name: String, value: String)]
  /// The body, sent with its `Content-Length`; nil sends none.
  var body: [UInt8]?
  /// True when the request carries a secret (an access token, refresh token, signed
  /// assertion or API key) in a header or its body: such a request goes only over https, or
  /// plain http to a loopback address or a host allowed for it such as the metadata server
  /// (see `HTTPSecretGuard`). Only HTTP's own credential headers, `Authorization` and
  /// `Proxy-Authorization`, count as a secret without this mark, so a caller that sends a key
  /// in any other header (an API key, an installation token) or in the body must set it; the
  /// mark also keeps a redirect from re-sending the body to another origin.
  var carriesSecret: Bool

  /// A request; a GET without a body unless told otherwise.
  package init(
    method: String = "GET", url: URL, headers: [(name: String, value: String)] = [],
    body: [UInt8]? = nil, carriesSecret: Bool = false
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.carriesSecret = carriesSecret
  }

  /// The value of header `name` (case-insensitive), the first when there are several.
  func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }
}
