import Foundation
@testable import HTTPTransport
import Testing

/// The https proxy as curl reads it from the environment: which variable, which hosts go
/// directly, what the URL may hold, and what a bad one says.
@Suite("HTTPProxySettings")
struct HTTPProxySettingsTests {
  static let proxy = "http://proxy.example:3128"

  @Test(
    "https_proxy (or HTTPS_PROXY) names the proxy; no_proxy (or NO_PROXY) and loopback go directly",
    arguments: [
      (["https_proxy": proxy], "firebaseremoteconfig.googleapis.com", "proxy.example:3128"),
      (["HTTPS_PROXY": proxy], "a.example", "proxy.example:3128"),
      // The lower-case variable wins, as curl has it.
      (
        ["https_proxy": proxy, "HTTPS_PROXY": "http://other.example:1"], "a.example",
        "proxy.example:3128"
      ),
      // A bare host: http, port 1080.
      (["https_proxy": "proxy.example"], "a.example", "proxy.example:1080"),
      ([:], "a.example", nil),
      (["https_proxy": ""], "a.example", nil),
      (["http_proxy": proxy], "a.example", nil),
      (["https_proxy": proxy, "no_proxy": "example.com"], "example.com", nil),
      (["https_proxy": proxy, "no_proxy": "example.com"], "api.Example.com", nil),
      (["https_proxy": proxy, "no_proxy": "example.com"], "notexample.com", "proxy.example:3128"),
      (["https_proxy": proxy, "NO_PROXY": " .internal:443 , [fd00::2]:80"], "db.internal", nil),
      (["https_proxy": proxy, "NO_PROXY": " .internal:443 , [fd00::2]:80"], "[fd00::2]", nil),
      // A name's trailing dot is no way around an exception.
      (["https_proxy": proxy, "no_proxy": "example.com"], "api.example.com.", nil),
      (["https_proxy": proxy, "no_proxy": "*"], "a.example", nil),
      (["https_proxy": proxy], "localhost", nil),
      (["https_proxy": proxy], "127.0.0.1", nil),
      (["https_proxy": proxy], "[::1]", nil),
      (["https_proxy": proxy], "127.9.9.9", nil),
    ] as [([String: String], String, String?)])
  func proxyForHost(environment: [String: String], host: String, expected: String?) throws {
    let url = try #require(URL(string: "https://\(host)/"))
    let proxy = try HTTPProxySettings(environment: environment).proxy(for: HTTPHost(url))
    #expect(proxy.map { "\($0.host):\($0.port)" } == expected)
  }

  @Test("the URL's user and password become Basic credentials, percent-decoded")
  func credentials() throws {
    let proxy = try HTTPProxy("http://us%65r:p%40ss@proxy.example:8080")
    #expect(proxy.authorization == "Basic " + Data("user:p@ss".utf8).base64EncodedString())
    let request = String(
      decoding: proxy.connectRequest(to: try Self.host("https://a.example")), as: UTF8.self)
    #expect(
      request
        == "CONNECT a.example:443 HTTP/1.1\r\nHost: a.example:443\r\nProxy-Authorization: "
        + proxy.authorization! + "\r\n\r\n")
    let bare = try HTTPProxy("proxy.example:3128")
    #expect(bare.authorization == nil)
    #expect(
      String(
        decoding: bare.connectRequest(to: try Self.host("https://[FD00::2]:8443/x")), as: UTF8.self)
        == "CONNECT [fd00::2]:8443 HTTP/1.1\r\nHost: [fd00::2]:8443\r\n\r\n")
  }

  @Test(
    "a setting that is not an http proxy's URL is an error that shows no password",
    arguments: [
      (
        "https://user:secret@proxy.example",
        "https_proxy: only a proxy reached over http:// is supported, not https://"
      ),
      (
        "socks5://proxy.example:1080",
        "https_proxy: only a proxy reached over http:// is supported, not socks5://"
      ),
      ("http://", "https_proxy is not a proxy's URL"),
      ("http://user:secret@", "https_proxy is not a proxy's URL"),
    ])
  func invalid(setting: String, message: String) throws {
    let host = try Self.host("https://a.example/")
    #expect(throws: SocketTransportError.proxy(message)) {
      try HTTPProxySettings(environment: ["https_proxy": setting]).proxy(for: host)
    }
  }

  /// The checked host of `url`.
  static func host(_ url: String) throws -> HTTPHost {
    try HTTPHost(try #require(URL(string: url)))
  }
}
