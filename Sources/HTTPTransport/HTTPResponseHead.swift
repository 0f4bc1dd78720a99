package import Core
import Foundation
import HTTPCore

/// The status and headers of a response, as plain values.
package struct HTTPResponseHead: Sendable, Equatable {
  package let status: Int
  /// Header values by lower-cased name.
  let headers: [String: String]

  package init(status: Int, headers: [String: String]) {
    self.status = status
    self.headers = headers
  }

  #if canImport(Darwin)
    init(_ response: HTTPURLResponse) {
      var headers: [String: String] = [:]
      for (name, value) in response.allHeaderFields {
        guard let name = name as? String, let value = value as? String else { continue }
        headers[name.lowercased()] = value
      }
      self.init(status: response.statusCode, headers: headers)
    }
  #endif

  /// The value of header `name` (case-insensitive).
  package func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The declared body length, when the header holds a valid one.
  var contentLength: Int? {
    guard let text = header("Content-Length")?.trimmingCharacters(in: .whitespaces),
      let length = Int(text), length >= 0
    else { return nil }
    return length
  }

  /// True when the body arrives as sent (no `Content-Encoding`), so its received length can
  /// be compared with `Content-Length`; URLSession decodes gzip and the lengths then differ.
  var isIdentityEncoded: Bool {
    guard let encoding = header("Content-Encoding")?.trimmingCharacters(in: .whitespaces) else {
      return true
    }
    return encoding.isEmpty || encoding.lowercased() == "identity"
  }

  /// True when the body is gzip-encoded (`gzip`, or its old alias `x-gzip`).
  var isGzipEncoded: Bool {
    guard let encoding = header("Content-Encoding")?.trimmingCharacters(in: .whitespaces) else {
      return false
    }
    return ["gzip", "x-gzip"].contains(encoding.lowercased())
  }

  /// Whether a response with this status to a `method` request has a body at all: not to
  /// HEAD, and never for 1xx, 204 or 304, whatever `Content-Length` says (RFC 9110, 6.4.1).
  func hasBody(toRequestMethod method: String) -> Bool {
    method.uppercased() != "HEAD" && !(100..<200).contains(status) && status != 204
      && status != 304
  }

  /// `Retry-After`, when present and readable.
  package var retryAfter: RetryAfter? {
    header("Retry-After").flatMap(RetryAfter.init(headerValue:))
  }
}
