import Core
import Foundation

/// One HTTP request through to its final response: redirects followed, the final response's
/// head, and its body as the bytes arrive.
///
/// The redirects are ours, not the platform's: at most `maximumRedirects`, to http or https
/// only, never from https down to http, and `Authorization` and `x-goog-api-key` are not
/// carried to another origin. A redirect's body is not read. Before the request and each
/// redirect leaves, `HTTPSecretGuard` checks where a secret would go. With the `.automatic`
/// transport `http:` URLs go over `HTTPSocketTransport`, and `https:` over
/// `HTTPSessionTransport` on Apple's systems and `HTTPSocketTransport` with TLS elsewhere;
/// `.platform` sends both through URLSession. Every body counts its
/// bytes as they arrive against `maximumBodyBytes`. Cancelling the waiting task, calling
/// `cancel` or dropping the body stream ends the exchange at once, whatever the transport
/// does.
struct HTTPExchange: Sendable {
  /// The most redirects followed for one request.
  static let maximumRedirects = 10

  /// The final response's head.
  let head: HTTPResponseHead
  /// The URL that answered, after redirects.
  let url: URL
  /// True when the body arrives exactly as the server sent it (our socket transport never
  /// decodes a `Content-Encoding`); false when the platform may have decoded it (URLSession
  /// decodes gzip), so its length need not match `Content-Length`.
  let bodyIsAsSent: Bool
  private let connection: HTTPConnection

  /// The final response's body, chunk by chunk; see `HTTPConnection.body`.
  var body: AsyncThrowingStream<[UInt8], any Error> { connection.body }

  /// Sends `request` and follows its redirects, returning once the final head has arrived.
  /// - Parameters:
  ///   - idleTimeout: the longest silence tolerated, before and after the head.
  ///   - resourceTimeout: the platform's limit on a whole https request (the caller's own
  ///     deadline is what counts; this only tells URLSession not to hold on longer).
  ///   - maximumBodyBytes: the largest body accepted, or nil for a stream without end.
  ///   - transport: which transports carry `http:` and `https:`.
  ///   - secretGuard: where a request carrying a secret may go over plain http.
  /// - Throws: `SocketTransportError`, `URLError` (URLSession, on Apple's systems) or
  ///   `HTTPExchangeError` from the transport, the secret guard or the
  ///   redirects, or `CancellationError`.
  static func open(
    _ request: HTTPRequest, idleTimeout: Duration, resourceTimeout: Duration,
    maximumBodyBytes: Int?, transport: HTTPTransportChoice = .automatic,
    secretGuard: HTTPSecretGuard = HTTPSecretGuard()
  ) async throws -> HTTPExchange {
    // Decided once on what the caller asked: dropping a header on a redirect does not make
    // the rest of the request (its body, its query) any less secret.
    let carriesSecret = HTTPSecretGuard.carriesSecret(request)
    var request = request
    var redirects = 0
    while true {
      try secretGuard.check(request, carriesSecret: carriesSecret, isRedirect: redirects > 0)
      let connection = HTTPConnection(maximumBodyBytes: maximumBodyBytes)
      let bodyIsAsSent: Bool
      switch (request.url.scheme?.lowercased(), transport) {
      #if canImport(Darwin)
        case ("http", .automatic):
          bodyIsAsSent = true
          HTTPSocketTransport.start(request, idleTimeout: idleTimeout, connection: connection)
        case ("https", _), ("http", .platform):
          bodyIsAsSent = false
          HTTPSessionTransport.start(
            request, idleTimeout: idleTimeout, resourceTimeout: resourceTimeout,
            connection: connection)
      #else
        case ("http", _), ("https", _):
          let (trust, proxies) =
            if case .sockets(let trust, let proxies) = transport {
              (trust, proxies)
            } else {
              (TLSTrust.system, HTTPProxySettings.environment)
            }
          bodyIsAsSent = true
          HTTPSocketTransport.start(
            request, idleTimeout: idleTimeout, trust: trust, proxies: proxies,
            connection: connection)
      #endif
      default:
        throw HTTPExchangeError.notHTTP
      }
      let head: HTTPResponseHead
      do {
        head = try await connection.head()
      } catch {
        connection.cancel()
        throw error
      }
      guard [301, 302, 303, 307, 308].contains(head.status), let location = head.header("Location")
      else {
        return HTTPExchange(
          head: head, url: request.url, bodyIsAsSent: bodyIsAsSent, connection: connection)
      }
      // The redirect's body is of no use: it is not read.
      connection.cancel()
      redirects += 1
      guard redirects <= maximumRedirects else { throw HTTPExchangeError.tooManyRedirects }
      request = try redirected(request, status: head.status, to: location)
    }
  }

  /// Cancels the request; the body stream then fails with `CancellationError`.
  func cancel() {
    connection.cancel()
  }

  /// The request to send after a `status` redirect to `location`: 303, and 301 or 302 after
  /// a POST, continue as a GET without the body (as browsers and URLSession do); 307 and 308
  /// repeat the method and body. `Authorization` and `x-goog-api-key` stay with their
  /// origin.
  /// - Throws: `HTTPExchangeError.badRedirect` for a location that is not an http(s) URL or
  ///   that leaves https for http; `.secretRefused` for a redirect that would re-send the
  ///   body of a request carrying a secret (`carriesSecret`) to another origin (307 and 308;
  ///   301 and 302 after a method other than POST).
  static func redirected(
    _ request: HTTPRequest, status: Int = 302, to location: String
  ) throws(HTTPExchangeError) -> HTTPRequest {
    guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
      let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = target.host, !host.isEmpty
    else { throw .badRedirect("to \(Excerpt.quoted(location)), which is not an http(s) URL") }
    let from = request.url.scheme?.lowercased()
    guard !(from == "https" && scheme == "http") else {
      throw .badRedirect("from https to http (\(Excerpt.quoted(location)))")
    }
    var next = request
    next.url = target
    if status == 303 || ([301, 302].contains(status) && request.method == "POST") {
      if next.method != "HEAD" { next.method = "GET" }
      next.body = nil
      next.headers.removeAll { $0.name.lowercased() == "content-type" }
    }
    if origin(of: target) != origin(of: request.url) {
      // Credentials are for the origin they were given for.
      next.headers.removeAll { HTTPSecretGuard.secretHeaders.contains($0.name.lowercased()) }
      if request.carriesSecret, next.body != nil {
        throw .secretRefused(
          HTTPSecretRefusal(url: target, reason: .bodyToAnotherOrigin(status: status)))
      }
    }
    return next
  }

  /// Scheme, host and port.
  private static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }
}

/// Why an exchange produced no usable response although the transport reported no error.
enum HTTPExchangeError: Error, Equatable, CustomStringConvertible {
  /// The URL is not http or https.
  case notHTTP
  /// The connection ended without a response.
  case noResponse
  /// The body passed the exchange's limit.
  case bodyTooLarge
  /// More than `HTTPExchange.maximumRedirects` redirects.
  case tooManyRedirects
  /// A redirect that is not followed, and why.
  case badRedirect(String)
  /// A request header that would break the request's lines.
  case invalidHeader(String)
  /// The response is not HTTP/1.x as it should be, and why.
  case malformedResponse(String)
  /// A request carrying a secret that was not sent (see `HTTPSecretGuard`).
  case secretRefused(HTTPSecretRefusal)

  /// For a person: `redirect from https to http ('http://...') refused`.
  var description: String {
    switch self {
    case .notHTTP: "not an HTTP URL"
    case .noResponse: "no response"
    case .bodyTooLarge: "the body is larger than the limit"
    case .tooManyRedirects: "more than \(HTTPExchange.maximumRedirects) redirects"
    case .badRedirect(let detail): "redirect \(detail) refused"
    case .invalidHeader(let name): "request header \(Excerpt.quoted(name)) holds a line break"
    case .malformedResponse(let detail): "malformed HTTP response: \(detail)"
    case .secretRefused(let refusal): refusal.description
    }
  }
}
