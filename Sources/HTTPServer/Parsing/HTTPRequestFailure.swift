/// Why a request cannot be served, and the answer the server sends for it before closing:
/// the status and one line of detail that names what is wrong and where, never repeating the
/// request's bytes (a header value may hold a secret).
struct HTTPRequestFailure: Error, Equatable {
  /// The status to answer: 400, 408, 413, 417, 431, 503 or 505.
  let status: Int
  /// What is wrong, e.g. `header line 3 has no colon`.
  let details: String
  /// The request's method and path when its first line was read, for the access log.
  var method: String?
  var path: String?

  init(status: Int, details: String, method: String? = nil, path: String? = nil) {
    self.status = status
    self.details = details
    self.method = method
    self.path = path
  }

  /// OFREP's error code: `PARSE_ERROR` for a request that is not HTTP, `GENERAL` otherwise.
  var errorCode: String { status == 400 ? "PARSE_ERROR" : "GENERAL" }

  /// 400: the bytes are not an HTTP/1.1 request, or one whose framing could be read two ways.
  static func malformed(_ details: String) -> Self {
    Self(status: 400, details: details)
  }

  /// 431: the head (or a chunked body's trailer section) is over `limit` bytes.
  static func headTooLarge(_ what: String, limit: Int) -> Self {
    Self(status: 431, details: "\(what) over \(limit) bytes")
  }

  /// 413: the body is over `limit` bytes.
  static func bodyTooLarge(limit: Int) -> Self {
    Self(status: 413, details: "request body over \(limit) bytes")
  }

  /// This failure, marked with the request line it belongs to.
  func naming(method: String, path: String) -> Self {
    Self(status: status, details: details, method: method, path: path)
  }
}
