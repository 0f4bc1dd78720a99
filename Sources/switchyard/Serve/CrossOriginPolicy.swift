import HTTPServer

/// `serve --allow-origin`: which web pages may call `serve` from a browser (CORS), as
/// OpenFeature's web OFREP provider does from a page on another origin. Without an allowed
/// origin nothing changes: no CORS header is sent and a preflight is 405, as any other method.
///
/// An allowed `Origin` gets `Access-Control-Allow-Origin` naming it (with `Vary: Origin`) on
/// every answer, `ETag` exposed so a page can send `If-None-Match`; its preflight (`OPTIONS`
/// with `Access-Control-Request-Method`) is 204 with the methods and the headers OFREP uses,
/// and needs no API key, since browsers send none on a preflight. Another origin gets no CORS
/// header, so the browser keeps the answer from the page.
struct CrossOriginPolicy: Sendable {
  /// The origins allowed, as a browser sends them (`https://app.example.com`); `*` allows any.
  let origins: Set<String>

  /// The headers a page may send: OFREP's credentials, its body's type and its ETag check.
  static let allowedHeaders = "Authorization, Content-Type, X-API-Key, If-None-Match"
  /// How long a browser may keep a preflight's answer, in seconds.
  static let maximumAge = "600"

  /// Whether `origin` may call.
  func allows(_ origin: String) -> Bool {
    !origins.isEmpty && (origins.contains("*") || origins.contains(origin))
  }

  /// The answer to a preflight, or nil when `request` is not one this policy answers.
  func preflight(_ request: HTTPServerRequest) -> HTTPServerResponse? {
    guard !origins.isEmpty, request.method == "OPTIONS", let origin = request.header("Origin"),
      allows(origin),
      request.header("Access-Control-Request-Method") != nil
    else { return nil }
    return HTTPServerResponse(
      status: 204,
      headers: headers(for: origin) + [
        ("Access-Control-Allow-Methods", "GET, POST"),
        ("Access-Control-Allow-Headers", Self.allowedHeaders),
        ("Access-Control-Max-Age", Self.maximumAge),
      ])
  }

  /// `response` with the CORS headers `request`'s origin is allowed, if any.
  func decorate(_ response: HTTPServerResponse, for request: HTTPServerRequest)
    -> HTTPServerResponse
  {
    // Without allowed origins (the default) no request's headers are even looked at.
    guard !origins.isEmpty, let origin = request.header("Origin"), allows(origin) else {
      return response
    }
    var response = response
    response.headers += headers(for: origin) + [("Access-Control-Expose-Headers", "ETag")]
    return response
  }

  private func headers(for origin: String) -> [(name: String, value: String)] {
    [("Access-Control-Allow-Origin", origins.contains("*") ? "*" : origin), ("Vary", "Origin")]
  }
}
