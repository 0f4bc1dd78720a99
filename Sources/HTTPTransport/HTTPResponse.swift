import Foundation

/// A whole response: the final head after redirects, its body, and the URL that answered.
package struct HTTPResponse: Sendable {
  /// The status and headers.
  package let head: HTTPResponseHead
  /// The body as received (URLSession has already decoded a gzip body it was sent).
  package let body: [UInt8]
  /// The URL that answered, after redirects.
  let url: URL

  package var status: Int { head.status }

  /// The value of header `name` (case-insensitive).
  package func header(_ name: String) -> String? {
    head.header(name)
  }
}
