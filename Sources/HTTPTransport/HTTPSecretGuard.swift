import Core
import Foundation

/// The one rule for where a secret may go, checked by `HTTPExchange` before each request
/// and each redirect leaves the machine.
///
/// A request carries a secret when its caller says so (`HTTPRequest.carriesSecret`: a token,
/// refresh token, signed assertion or API key in a header or the body) or when it has one of
/// HTTP's own credential headers, `Authorization` or `Proxy-Authorization` (RFC 9110,
/// sections 11.6.2 and 11.7.2). HTTP knows no other service's header names: a caller that
/// sends a key in a header of its own marks the request. Such a request goes over https
/// only, or plain http to a loopback address or a host allowed for it (the metadata server,
/// which only answers plain http on a link-local address). Loopback is decided by address,
/// never by name: a loopback address in the URL goes at once, and a `localhost` name only to
/// the loopback addresses it resolves to (`HTTPSecretClearance`), since a resolver may answer
/// `localhost.` (or a name at all) with any address; any other name is refused before it is
/// resolved. Redirects follow the same rule, and a 307 or 308 that would re-send the body to
/// another origin is refused. (Crossing origins also drops every header but the transport's
/// own: see `HTTPExchange.redirected`.)
package struct HTTPSecretGuard: Sendable, Equatable {
  /// Header fields that always carry a secret, lower-cased: HTTP's credentials for the origin
  /// and for a proxy.
  static let secretHeaders: Set<String> = ["authorization", "proxy-authorization"]

  /// Hosts, lower-cased, that may receive secrets over plain http: `host` (any port) or
  /// `host:port`.
  let plainHTTPHosts: Set<String>

  /// A guard that allows plain http for secrets to loopback addresses and `plainHTTPHosts`
  /// (each `host` or `host:port`; brackets around an IPv6 address are optional).
  init(plainHTTPHosts: some Sequence<String> = [String]()) {
    self.plainHTTPHosts = Set(plainHTTPHosts.map { Self.normalized($0) })
  }

  /// Whether `request` carries a secret (the caller's mark or a credential header).
  static func carriesSecret(_ request: HTTPRequest) -> Bool {
    request.carriesSecret
      || request.headers.contains { secretHeaders.contains($0.name.lowercased()) }
  }

  /// Where `request`, to `host` (its URL's, checked), may go: anywhere when it carries no
  /// secret (`carriesSecret`, decided on the request the caller made, so a redirect that
  /// dropped a header still counts), goes over https, or goes to a loopback address or an
  /// allowed host; only to the loopback addresses a `localhost` name resolves to.
  /// - Throws: `HTTPError.secretRefused` for a secret to any other plain-http host,
  ///   before its name is resolved.
  func check(
    _ request: HTTPRequest, host: HTTPHost, carriesSecret: Bool, isRedirect: Bool
  ) throws(HTTPError) -> HTTPSecretClearance {
    guard carriesSecret, request.url.scheme?.lowercased() != "https" else { return .anywhere }
    let name = host.serverName
    if host.isLoopbackAddress || plainHTTPHosts.contains(name)
      || plainHTTPHosts.contains(Self.normalized("\(name):\(host.port)"))
    {
      return .anywhere
    }
    let refusal = HTTPSecretRefusal(
      scheme: "http", host: host, reason: isRedirect ? .redirectToPlainHTTP : .plainHTTP)
    guard name == "localhost" else { throw .secretRefused(refusal) }
    return .loopbackOnly(refusal)
  }

  /// Whether `address` (4 bytes of IPv4 or 16 of IPv6, in network order) is this machine's
  /// loopback: 127.0.0.0/8, `::1`, or an IPv4-mapped 127.x address.
  static func isLoopback(_ address: [UInt8]) -> Bool {
    switch address.count {
    case 4:
      return address[0] == 127
    case 16:
      let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 127]
      return address.starts(with: mappedPrefix)
        || (address.dropLast().allSatisfy { $0 == 0 } && address[15] == 1)
    default:
      return false
    }
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

/// What the secret guard leaves to the transport once it let a request through.
enum HTTPSecretClearance: Sendable, Equatable {
  /// Send it to whatever address the host resolves to.
  case anywhere
  /// Connect only to the loopback addresses the host (a `localhost` name) resolves to; if it
  /// resolves to none, end the request with this refusal, having connected nowhere.
  case loopbackOnly(HTTPSecretRefusal)

  /// Whether the request may be sent to `address` (a socket address of `family`, as the
  /// resolver gives it): always when cleared for anywhere, else only to a loopback address.
  func permits(family: Int32, socketAddress: [UInt8]) -> Bool {
    guard case .loopbackOnly = self else { return true }
    return HTTPSocket.addressBytes(family: family, socketAddress: socketAddress).map(
      HTTPSecretGuard.isLoopback) ?? false
  }
}

/// A request carrying a secret that was not sent, where it would have gone and why. It never
/// holds the secret, the path or the query (which may hold one).
package struct HTTPSecretRefusal: Sendable, Equatable, CustomStringConvertible {
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

  /// The refusal of a request to `host` over `scheme`.
  init(scheme: String, host: HTTPHost, reason: Reason) {
    self.scheme = scheme
    self.host = Excerpt.of(host.authority)
    self.reason = reason
  }

  /// One line for a person, e.g. `refused to send a request carrying a secret (a token or
  /// key) to http://example.com: ...`.
  package var description: String {
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
