import Foundation

/// A request as the transports send it: the method, the URL, the header fields in order, and
/// the body, if any.
struct HTTPRequest: Sendable {
  /// `GET`, `POST`, `PUT`, ...
  var method: String
  /// Where to send it (http or https).
  var url: URL
  /// Header fields in order, names as given. `Host`, `Content-Length` and `Connection` are
  /// the transport's.
  var headers: [(name: String, value: String)]
  /// The body, sent with its `Content-Length`; nil sends none.
  var body: [UInt8]?

  /// A request; a GET without a body unless told otherwise.
  init(
    method: String = "GET", url: URL, headers: [(name: String, value: String)] = [],
    body: [UInt8]? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// The value of header `name` (case-insensitive), the first when there are several.
  func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }
}
