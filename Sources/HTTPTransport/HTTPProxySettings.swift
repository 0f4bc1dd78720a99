import Core
import Foundation

/// Where `https:` requests made by our socket transport tunnel through, read from the
/// environment as curl reads it: `https_proxy` (or `HTTPS_PROXY`), a proxy reached over plain
/// http (`http://[user:password@]host[:port]`, port 1080 unless given; a bare `host:port`
/// too), except for the hosts `no_proxy` (or `NO_PROXY`) names (`*` for all; `example.com`
/// and `.example.com` both cover the name and its subdomains) and for loopback, which no
/// proxy can reach. Plain `http:` requests never use a proxy.
package struct HTTPProxySettings: Sendable, Hashable {
  /// The proxy's URL as the environment gave it, or nil for none.
  let httpsProxy: String?
  /// The host names and suffixes that bypass the proxy, lower-cased, without leading dots.
  let exceptions: [String]

  /// No proxy at all.
  static let none = HTTPProxySettings(httpsProxy: nil, exceptions: [])

  /// The process's environment's, read once, when the first https request needs it.
  static let environment = HTTPProxySettings()

  init(httpsProxy: String?, exceptions: [String]) {
    self.httpsProxy = httpsProxy.flatMap { $0.isEmpty ? nil : $0 }
    self.exceptions = exceptions
  }

  /// The settings in `environment` (the process's unless given).
  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let noProxy = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
    self.init(
      httpsProxy: environment["https_proxy"] ?? environment["HTTPS_PROXY"],
      exceptions: noProxy.split(separator: ",").compactMap(Self.exception))
  }

  /// A `no_proxy` entry as a host to match: lower-cased, without leading dots, brackets or a
  /// port (`.Example.com:443` is `example.com`, `[::1]:8080` is `::1`).
  private static func exception(_ entry: Substring) -> String? {
    var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
    while name.hasPrefix(".") { name.removeFirst() }
    if name.hasPrefix("["), let close = name.firstIndex(of: "]") {
      name = String(name[name.index(after: name.startIndex)..<close])
    } else if name.filter({ $0 == ":" }).count == 1, let colon = name.firstIndex(of: ":") {
      name = String(name[..<colon])
    }
    return name.isEmpty ? nil : name
  }

  /// The proxy an https request to `host` goes through, or nil when it goes directly.
  /// - Throws: `SocketTransportError.proxy` when the setting is not an http proxy's URL.
  func proxy(for host: HTTPHost) throws(SocketTransportError) -> HTTPProxy? {
    guard let httpsProxy, !bypasses(host) else { return nil }
    return try HTTPProxy(httpsProxy)
  }

  /// Whether `host` goes directly: a loopback address or `localhost`, or named by an
  /// exception.
  func bypasses(_ host: HTTPHost) -> Bool {
    let name = host.serverName
    if host.isLoopbackAddress || name == "localhost" { return true }
    return exceptions.contains { $0 == "*" || name == $0 || name.hasSuffix("." + $0) }
  }
}

/// One http proxy that https requests tunnel through with `CONNECT`.
struct HTTPProxy: Sendable, Equatable {
  let host: String
  let port: Int
  /// `Basic` credentials from the URL's user and password, sent as `Proxy-Authorization`:
  /// a secret, never part of a message.
  let authorization: String?

  /// The proxy `text` names: `http://[user:password@]host[:port]` or `host[:port]`.
  /// - Throws: `SocketTransportError.proxy` naming what is wrong (never the password).
  init(_ text: String) throws(SocketTransportError) {
    let spelled = text.contains("://") ? text : "http://" + text
    guard let components = URLComponents(string: spelled), let host = components.host,
      !host.isEmpty
    else { throw .proxy("https_proxy is not a proxy's URL") }
    guard components.scheme?.lowercased() == "http" else {
      throw .proxy(
        "https_proxy: only a proxy reached over http:// is supported, not "
          + (components.scheme.map { "\($0)://" } ?? "this scheme"))
    }
    self.host = host
    port = components.port ?? 1080
    if let user = components.user {
      let credentials =
        (user.removingPercentEncoding ?? user) + ":"
        + (components.password.map { $0.removingPercentEncoding ?? $0 } ?? "")
      authorization = "Basic " + Data(credentials.utf8).base64EncodedString()
    } else {
      authorization = nil
    }
  }

  /// The `CONNECT` request for a tunnel to `host` (checked) at its port.
  func connectRequest(to host: HTTPHost) -> [UInt8] {
    let target = host.connectAuthority
    var text = "CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n"
    if let authorization { text += "Proxy-Authorization: \(authorization)\r\n" }
    return Array((text + "\r\n").utf8)
  }
}
