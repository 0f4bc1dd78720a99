import Foundation

/// A GET request as the transports send it: the URL and the header fields, in order.
struct HTTPRequest: Sendable {
  /// Where to send it (http or https).
  var url: URL
  /// Header fields in order, names as given.
  var headers: [(name: String, value: String)]
}
