import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for where a secret may go, checked by `HTTPExchange` before each request
/// and each redirect leaves the machine (before DNS, before any byte is sent).
///
/// A request carries a secret when its caller says so (`HTTPRequest.carriesSecret`: a token,
/// refresh token, signed assertion or API key in a header or the body) or when it has an
/// `Authorization`, `x-goog-api-key` or `x-goog-firebase-installations-auth` header. Such a
/// request goes over https only, or plain
/// http to a loopback address (127.0.0.0/8, ::1, `localhost`) or a host allowed for it (the
/// metadata server, which only answers plain http on a link-local address). Its redirects
/// follow the same rule, and a 307 or 308 that would re-send its body to another origin is
/// refused. (Crossing origins also drops `Authorization` and `x-goog-api-key`: see
/// `HTTPExchange.redirected`.)
struct HTTPSecretGuard: Sendable, Equatable {
  /// Header fields that always carry a secret, lower-cased: credentials, Google's API key
  /// and a Firebase installation's auth token.
  static let secretHeaders: Set<String> = [
    "authorization", "x-goog-api-key", "x-goog-firebase-installations-auth",
  ]

  /// Hosts, lower-cased, that may receive secrets over plain http: `host` (any port) or
  /// `host:port`.
  let plainHTTPHosts: Set<String>

  /// A guard that allows plain http for secrets to loopback addresses and `plainHTTPHosts`
  /// (each `host` or `host:port`; brackets around an IPv6 address are optional).
  init(plainHTTPHosts: some Sequence<String> = [String]()) {
    self.plainHTTPHosts = Set(plainHTTPHosts.map { Self.normalized($0) })
  }

  /// Whether `request` carries a secret (the caller's mark or a secret header).
  static func carriesSecret(_ request: HTTPRequest) -> Bool {
    request.carriesSecret
      || request.headers.contains { secretHeaders.contains($0.name.lowercased()) }
  }

  /// Refuses to send `request` when it carries a secret (`carriesSecret`, decided on the
  /// request the caller made, so a redirect that dropped a header still counts) to a URL
  /// that is not https, unless the host is loopback or allowed.
  /// - Throws: `HTTPExchangeError.secretRefused`.
  func check(
    _ request: HTTPRequest, carriesSecret: Bool, isRedirect: Bool
  ) throws(HTTPExchangeError) {
    guard carriesSecret, request.url.scheme?.lowercased() != "https" else { return }
    let host = Self.normalized(request.url.host ?? "")
    guard !Self.isLoopback(host), !plainHTTPHosts.contains(host) else { return }
    if let port = request.url.port, plainHTTPHosts.contains(Self.normalized("\(host):\(port)")) {
      return
    }
    throw .secretRefused(
      HTTPSecretRefusal(
        url: request.url, reason: isRedirect ? .redirectToPlainHTTP : .plainHTTP))
  }

  /// Whether `host` (a name or an address, brackets optional) is this machine's loopback:
  /// `localhost`, an IPv4 address in 127.0.0.0/8, `::1` or an IPv4-mapped 127.x address.
  /// Only strict address spellings count (no `127.1`, no decimal integers): anything else
  /// is treated as a remote host.
  static func isLoopback(_ host: String) -> Bool {
    let host = normalized(host)
    if host == "localhost" || host == "localhost." { return true }
    var ipv4 = in_addr()
    if inet_pton(AF_INET, host, &ipv4) == 1 {
      return withUnsafeBytes(of: &ipv4) { $0.first == 127 }
    }
    var ipv6 = in6_addr()
    guard inet_pton(AF_INET6, host, &ipv6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
    let loopback = [UInt8](repeating: 0, count: 15) + [1]
    let mappedPrefix = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127]
    return bytes == loopback || bytes.starts(with: mappedPrefix)
  }

  /// Lower-cased, without the brackets around an IPv6 address (`[FD00::1]:8080` becomes
  /// `fd00::1:8080`, as `check` spells a host and its port).
  private static func normalized(_ host: String) -> String {
    var host = host.lowercased()
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      let address = host[host.index(after: host.startIndex)..<close]
      host = String(address) + host[host.index(after: close)...]
    }
    return host
  }
}

/// A request carrying a secret that was not sent, where it would have gone and why. It never
/// holds the secret, the path or the query (which may hold one).
struct HTTPSecretRefusal: Sendable, Equatable, CustomStringConvertible {
  /// Why the request was refused.
  enum Reason: Sendable, Equatable {
    /// The request itself goes to a plain-http URL.
    case plainHTTP
    /// A redirect leads to a plain-http URL.
    case redirectToPlainHTTP
    /// A 307 or 308 (the status) would re-send the request's body to another origin.
    case bodyToAnotherOrigin(status: Int)
  }

  /// The scheme, lower-cased.
  let scheme: String
  /// The host, with the port when the URL gives one.
  let host: String
  /// Why.
  let reason: Reason

  /// The refusal of a request to `url`.
  init(url: URL, reason: Reason) {
    scheme = url.scheme?.lowercased() ?? "?"
    var host = Excerpt.of(url.host ?? "?")
    if host.contains(":") { host = "[\(host)]" }
    if let port = url.port { host += ":\(port)" }
    self.host = host
    self.reason = reason
  }

  /// One line for a person, e.g. `refused to send a request carrying a secret (a token or
  /// key) to http://example.com: ...`.
  var description: String {
    let target = "\(scheme)://\(host)"
    let plainRule =
      "plain http would show it to anyone on the way; use https (plain http is allowed only "
      + "to loopback addresses and the hosts allowed for it, such as the metadata server)"
    switch reason {
    case .plainHTTP:
      return "refused to send a request carrying a secret (a token or key) to \(target): "
        + plainRule
    case .redirectToPlainHTTP:
      return "refused to follow a redirect to \(target) with a request carrying a secret "
        + "(a token or key): " + plainRule
    case .bodyToAnotherOrigin(let status):
      return "refused to follow a \(status) redirect to \(target): it would re-send a body "
        + "carrying a secret (a token or key) to another origin"
    }
  }
}
