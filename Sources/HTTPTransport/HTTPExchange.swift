import Core
import Foundation

/// One HTTP request through to its final response: redirects followed, the final response's
/// head, and its body as the bytes arrive.
///
/// Every URL's host is checked where it enters, the request's when the exchange opens and
/// each redirect's `Location` once resolved (`HTTPHost`), and that checked host is what the
/// secret guard, the transports, TLS and the proxy use. The redirects are ours, not the
/// platform's: at most `maximumRedirects`, to http or https only, never from https down to
/// http, and a redirect to another origin carries only the transport's own headers (see
/// `redirected`). A redirect's body is not read. Before the request and each redirect
/// leaves, `HTTPSecretGuard` checks where a secret would go. With the `.automatic`
/// transport `http:` URLs go over `HTTPSocketTransport`, and `https:` over
/// `HTTPSessionTransport` on Apple's systems and `HTTPSocketTransport` with TLS elsewhere;
/// `.platform` sends both through URLSession. Every body counts its
/// bytes as they arrive against `maximumBodyBytes`. Cancelling the waiting task, calling
/// `cancel` or dropping the body stream ends the exchange at once, whatever the transport
/// does.
package struct HTTPExchange: Sendable {
  /// The most redirects followed for one request.
  static let maximumRedirects = 10

  /// The headers a redirect carries to another origin, lower-cased: those of the transport
  /// itself, which say what it accepts (`Accept`, `Accept-Encoding`, `User-Agent`) and what
  /// the body it carries is (`Content-Type`), and `If-None-Match` (the ETag a source holds is
  /// the final answer's, the other origin's when a redirect led there). Every other header
  /// (credentials, cookies, API keys, any header a caller passed) stays with the origin it
  /// was given for.
  static let headersKeptAcrossOrigins: Set<String> = [
    "accept", "accept-encoding", "user-agent", "content-type", "if-none-match",
  ]

  /// The final response's head.
  package let head: HTTPResponseHead
  /// The URL that answered, after redirects.
  let url: URL
  /// True when the body arrives exactly as the server sent it (our socket transport never
  /// decodes a `Content-Encoding`); false when the platform may have decoded it (URLSession
  /// decodes gzip), so its length need not match `Content-Length`.
  let bodyIsAsSent: Bool
  private let connection: HTTPConnection

  /// The final response's body, chunk by chunk; it fails with an `HTTPError` only (see
  /// `HTTPConnection.body`).
  package var body: HTTPBodyStream { connection.body }

  /// Sends `request` and follows its redirects, returning once the final head has arrived.
  /// - Parameters:
  ///   - idleTimeout: the longest silence tolerated, before and after the head.
  ///   - resourceTimeout: the platform's limit on a whole https request (the caller's own
  ///     deadline is what counts; this only tells URLSession not to hold on longer).
  ///   - maximumBodyBytes: the largest body accepted, or nil for a stream without end.
  ///   - transport: which transports carry `http:` and `https:`.
  ///   - secretGuard: where a request carrying a secret may go over plain http.
  /// - Throws: `HTTPError`, whatever failed: the transport (its own errors mapped where it
  ///   ended the request), the host check, the secret guard, the redirects, or the waiting
  ///   task's cancellation.
  package static func open(
    _ request: HTTPRequest, idleTimeout: Duration, resourceTimeout: Duration,
    maximumBodyBytes: Int?, transport: HTTPTransportChoice = .automatic,
    secretGuard: HTTPSecretGuard = HTTPSecretGuard()
  ) async throws(HTTPError) -> HTTPExchange {
    // Decided once on what the caller asked: dropping a header on a redirect does not make
    // the rest of the request (its body, its query) any less secret.
    let carriesSecret = HTTPSecretGuard.carriesSecret(request)
    var request = request
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { throw notHTTP(request.url) }
    var host = try HTTPHost(request.url)
    var redirects = 0
    while true {
      let clearance = try secretGuard.check(
        request, host: host, carriesSecret: carriesSecret, isRedirect: redirects > 0)
      let connection = HTTPConnection(maximumBodyBytes: maximumBodyBytes)
      let bodyIsAsSent: Bool
      switch (request.url.scheme?.lowercased(), transport) {
      #if canImport(Darwin)
        case ("http", .automatic):
          bodyIsAsSent = true
          HTTPSocketTransport.start(
            request, host: host, clearance: clearance, idleTimeout: idleTimeout,
            connection: connection)
        case ("https", _), ("http", .platform):
          // URLSession resolves names itself, out of our sight: a secret over plain http goes
          // only to a loopback address in the URL or to `localhost`, which Apple's resolver
          // answers with loopback alone (`localhost.` and other names are refused).
          if case .loopbackOnly(let refusal) = clearance, host.name != "localhost" {
            throw .secretRefused(refusal)
          }
          bodyIsAsSent = false
          HTTPSessionTransport.start(
            request, idleTimeout: idleTimeout, resourceTimeout: resourceTimeout,
            connection: connection)
      #else
        case ("http", _), ("https", _):
          let (trust, proxies, pinned) =
            if case .sockets(let trust, let proxies, let pinned) = transport {
              (trust, proxies, pinned)
            } else {
              (TLSTrust.system, HTTPProxySettings.environment, [String: String]())
            }
          bodyIsAsSent = true
          HTTPSocketTransport.start(
            request, host: host, clearance: clearance, idleTimeout: idleTimeout, trust: trust,
            proxies: proxies, pinnedAddresses: pinned, connection: connection)
      #endif
      default:
        throw notHTTP(request.url)
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
      guard redirects <= maximumRedirects else {
        throw .invalidResponse("more than \(maximumRedirects) redirects")
      }
      (request, host) = try redirected(request, host: host, status: head.status, to: location)
    }
  }

  /// Cancels the request; the body stream then fails with `.cancelled`.
  package func cancel() {
    connection.cancel()
  }

  /// The error for a request to `url`, which is not http or https.
  static func notHTTP(_ url: URL) -> HTTPError {
    .invalidResponse("\(Excerpt.of(url.scheme ?? "?")) is not HTTP")
  }

  /// The request to send after a `status` redirect to `location`, and its host, checked:
  /// 303, and 301 or 302 after a POST, continue as a GET without the body (as browsers and
  /// URLSession do); 307 and 308 repeat the method and body. Another origin (scheme, host and
  /// port) than `request`'s (to `host`) gets only `headersKeptAcrossOrigins`.
  /// - Throws: `.invalidResponse` for a location that is not an http(s) URL, that leaves
  ///   https for http, or whose host is not a DNS name or an IP address (the server's answer
  ///   is at fault, not the caller's URL); `.secretRefused` for a redirect that would re-send
  ///   the body of a request carrying a secret (`carriesSecret`) to another origin (307 and
  ///   308; 301 and 302 after a method other than POST).
  static func redirected(
    _ request: HTTPRequest, host: HTTPHost, status: Int = 302, to location: String
  ) throws(HTTPError) -> (request: HTTPRequest, host: HTTPHost) {
    // Messages name a Location by its scheme and host only: its user information, path or
    // query may hold a secret.
    guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
      let scheme = target.scheme?.lowercased()
    else { throw .invalidResponse("redirect to a Location that is not a URL refused") }
    guard scheme == "http" || scheme == "https" else {
      throw .invalidResponse(
        "redirect to a URL of scheme \(Excerpt.quoted(scheme)), which is not http(s) refused")
    }
    let from = request.url.scheme?.lowercased()
    guard !(from == "https" && scheme == "http") else {
      throw .invalidResponse("redirect from https to http (\(HTTPHost.place(of: target))) refused")
    }
    let targetHost: HTTPHost
    do {
      targetHost = try HTTPHost(target)
    } catch .invalidHost(let refusal) {
      // The server's answer is at fault, not the caller's URL.
      throw .invalidResponse("redirect refused: \(refusal)")
    }
    var next = request
    next.url = target
    if status == 303 || ([301, 302].contains(status) && request.method == "POST") {
      if next.method != "HEAD" { next.method = "GET" }
      next.body = nil
      next.headers.removeAll { $0.name.lowercased() == "content-type" }
    }
    if scheme != from || targetHost.name != host.name || targetHost.port != host.port {
      // A caller's headers are for the origin they were given for.
      next.headers.removeAll { !headersKeptAcrossOrigins.contains($0.name.lowercased()) }
      if request.carriesSecret, next.body != nil {
        throw .secretRefused(
          HTTPSecretRefusal(
            scheme: scheme, host: targetHost, reason: .bodyToAnotherOrigin(status: status)))
      }
    }
    return (next, targetHost)
  }
}
