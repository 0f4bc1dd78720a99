import Core
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

/// A URL's host is a DNS name or an IP address, checked once where the URL enters (the
/// request, each redirect's `Location`); everything else is refused, before any connection,
/// with an error that names the URL without its secrets.
@Suite("HTTPHost", .timeLimit(.minutes(2)))
struct HTTPHostTests {
  /// What a URL's host becomes: accepted as a name or address (as resolved and sent in
  /// `Host`), or refused, and why.
  enum Outcome: Sendable, Equatable {
    case accepted(name: String, kind: HTTPHost.Kind, authority: String)
    case refused(HTTPHostRefusal.Reason)
  }

  /// The refusal `HTTPHost` throws for `url`, inside HTTP's one error type; nil when it
  /// accepts the host or throws anything else.
  static func refusal(of url: URL) -> HTTPHostRefusal? {
    do {
      _ = try HTTPHost(url)
      return nil
    } catch {
      guard case .invalidHost(let refusal) = error else { return nil }
      return refusal
    }
  }

  static let longLabel = String(repeating: "a", count: 63)
  /// 253 bytes: four labels of 63 and a dot between each, less one letter.
  static let longestName = [longLabel, longLabel, longLabel, String(longLabel.dropFirst(2))]
    .joined(separator: ".")

  /// URLs as a caller or a server may write them, and what their hosts become.
  static let hosts: [(String, Outcome)] = [
    // The reproductions of issue 20: a NUL and a line break into Host, a second request
    // into CONNECT, and an empty host that turned the certificate's name check off.
    ("http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:8080/t.json", .refused(.byte(0x00))),
    (
      "https://x%0D%0A%0D%0AGET%20http%3A%2F%2Finternal.test%2Fadmin%20HTTP%2F1.1%0D%0AX%3A%20/t",
      .refused(.byte(0x0D))
    ),
    ("https://%5B%5D/t.json", .refused(.byte(UInt8(ascii: "[")))),
    // Every byte that could end a line, a field or a name, however it is escaped.
    ("http://a%0Ab.test/", .refused(.byte(0x0A))),
    ("http://a%20b.test/", .refused(.byte(0x20))),
    ("http://a%25b.test/", .refused(.byte(UInt8(ascii: "%")))),
    ("http://a%2Fb.test/", .refused(.byte(UInt8(ascii: "/")))),
    ("http://a%40b.test/", .refused(.byte(UInt8(ascii: "@")))),
    ("http://a%3Ab.test/", .refused(.byte(UInt8(ascii: ":")))),
    ("http://a%7F.test/", .refused(.byte(0x7F))),
    ("http://a%C3%A9.test/", .refused(.byte(0xC3))),
    // No host, or brackets around no IPv6 address.
    ("http:///x", .refused(.empty)),
    ("http://:8080/x", .refused(.empty)),
    ("http://[]/x", .refused(.notIPv6)),
    ("http://[v1.x]/x", .refused(.notIPv6)),
    ("http://[127.0.0.1]/x", .refused(.notIPv6)),
    ("http://[fe80::1%25eth0]/x", .refused(.zone)),
    // User information is never sent, so a URL that holds it is refused.
    ("http://tester:hunter2@example.test/", .refused(.userInformation)),
    ("http://@example.test/", .refused(.userInformation)),
    // DNS's shape: labels of 1 to 63 bytes, 253 in all, no hyphen at a label's end.
    ("http://.../x", .refused(.emptyLabel)),
    ("http://./x", .refused(.emptyLabel)),
    ("http://a..b.test/x", .refused(.emptyLabel)),
    ("http://.a.test/x", .refused(.emptyLabel)),
    ("http://\(longLabel)a.test/", .refused(.labelTooLong)),
    ("http://\(longestName)a/", .refused(.nameTooLong)),
    ("http://-a.test/", .refused(.hyphenAtLabelEnd)),
    ("http://a-.test/", .refused(.hyphenAtLabelEnd)),
    // A name that ends in a number is an address in some spelling: only the dotted quad is.
    ("http://127.1/x", .refused(.numeric)),
    ("http://2130706433/x", .refused(.numeric)),
    ("http://0x7f.0.0.1/x", .refused(.numeric)),
    ("http://1.2.3.256/x", .refused(.numeric)),
    ("http://127.0.0.1./x", .refused(.numeric)),
    ("http://example.test:0/x", .refused(.port)),
    ("http://example.test:65536/x", .refused(.port)),
    // What is fine: any case, a trailing dot, `_`, escapes of what a name holds, addresses.
    (
      "http://Example.COM./x",
      .accepted(name: "example.com.", kind: .name, authority: "example.com.")
    ),
    (
      "https://Svc_1.Internal:8443/x",
      .accepted(name: "svc_1.internal", kind: .name, authority: "svc_1.internal:8443")
    ),
    ("http://%41.test/x", .accepted(name: "a.test", kind: .name, authority: "a.test")),
    (
      "http://\(longLabel).test/",
      .accepted(name: "\(longLabel).test", kind: .name, authority: "\(longLabel).test")
    ),
    ("http://\(longestName)/", .accepted(name: longestName, kind: .name, authority: longestName)),
    (
      "http://\(longestName)./",
      .accepted(name: longestName + ".", kind: .name, authority: longestName + ".")
    ),
    ("http://localhost:80/x", .accepted(name: "localhost", kind: .name, authority: "localhost")),
    ("https://a1.test:443/x", .accepted(name: "a1.test", kind: .name, authority: "a1.test")),
    (
      "http://127.0.0.1:8080/x",
      .accepted(name: "127.0.0.1", kind: .ipv4, authority: "127.0.0.1:8080")
    ),
    ("https://[::1]/x", .accepted(name: "::1", kind: .ipv6, authority: "[::1]")),
    ("http://[FD00::2]:81/x", .accepted(name: "fd00::2", kind: .ipv6, authority: "[fd00::2]:81")),
    (
      "http://[::ffff:127.0.0.1]/x",
      .accepted(name: "::ffff:127.0.0.1", kind: .ipv6, authority: "[::ffff:127.0.0.1]")
    ),
  ]

  @Test(
    "a host is a DNS name or an IP address; anything else is refused, saying why", arguments: hosts)
  func hostTable(text: String, expected: Outcome) throws {
    let url = try #require(URL(string: text), "Foundation reads \(text)")
    if let refusal = Self.refusal(of: url) {
      #expect(Outcome.refused(refusal.reason) == expected)
      #expect(ErrorTextRule.lineProblem(refusal.description) == nil, "\(refusal)")
      // The scheme and the host as written, never the user information, path or query.
      #expect(refusal.description.hasPrefix(url.scheme! + "://"))
      #expect(!refusal.description.contains("hunter2"))
      #expect(!refusal.description.contains("tester"))
      #expect(!refusal.description.contains("/t.json"))
    } else {
      let host = try HTTPHost(url)
      #expect(
        Outcome.accepted(name: host.name, kind: host.kind, authority: host.authority) == expected)
    }
  }

  @Test("the refusals read as one line that says what is wrong with which URL")
  func descriptions() throws {
    let cases: [(String, String)] = [
      (
        "http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:8080/t.json",
        "http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:8080: the host holds %00, which no host "
          + "name or address holds"
      ),
      (
        "https://%5B%5D/t.json?key=SECRET",
        "https://%5B%5D: the host holds '[', which no host name or address holds"
      ),
      (
        "http://user:SECRET@example.test/x",
        "http://example.test: the URL holds a user name or password before its host, which "
          + "Switchyard never sends (give credentials in a header)"
      ),
      (
        "http://[fe80::1%25eth0]:80/x",
        "http://[fe80::1%25eth0]:80: the host is an IPv6 address with a zone ('%'), which names no host"
      ),
      (
        "http://2130706433/x",
        "http://2130706433: the host ends in a number but is not an IPv4 address of four decimal parts"
      ),
    ]
    for (text, expected) in cases {
      let url = try #require(URL(string: text))
      #expect(Self.refusal(of: url)?.description == expected)
    }
  }

  @Test("TLS names a host without its trailing dot; a host is loopback only as an address")
  func derivedNames() throws {
    let name = try HTTPHost(try #require(URL(string: "https://Example.test./x")))
    #expect(name.serverName == "example.test")
    #expect(name.connectAuthority == "example.test.:443")
    #expect(!name.isLoopbackAddress)
    for loopback in [
      "http://127.0.0.1/", "http://127.8.9.10/", "http://[::1]/", "http://[::ffff:127.0.0.1]/",
    ] {
      #expect(try HTTPHost(try #require(URL(string: loopback))).isLoopbackAddress, "\(loopback)")
    }
    for other in ["http://localhost/", "http://localhost./", "http://128.0.0.1/", "http://[::2]/"] {
      #expect(try !HTTPHost(try #require(URL(string: other))).isLoopbackAddress, "\(other)")
    }
  }

  /// Locations a server may answer with, resolved against `https://a.test/x/y`, and what
  /// the redirect's host becomes.
  static let locations: [(String, Outcome)] = [
    ("/t.json", .accepted(name: "a.test", kind: .name, authority: "a.test")),
    ("../q?x=1", .accepted(name: "a.test", kind: .name, authority: "a.test")),
    ("//B.Test./z", .accepted(name: "b.test.", kind: .name, authority: "b.test.")),
    ("https://[::1]:8443/z", .accepted(name: "::1", kind: .ipv6, authority: "[::1]:8443")),
    ("https://%5B%5D/t.json", .refused(.byte(UInt8(ascii: "[")))),
    ("https://x%0D%0AHost%3A%20evil.test/t", .refused(.byte(0x0D))),
    ("https://a.test%00.evil.test/", .refused(.byte(0x00))),
    ("//user:pw@b.test/", .refused(.userInformation)),
    ("https://[fe80::1%25eth0]/", .refused(.zone)),
    ("https://[]/", .refused(.notIPv6)),
    ("https://.../", .refused(.emptyLabel)),
    ("https://127.1/", .refused(.numeric)),
  ]

  @Test("a redirect's Location is checked once resolved, by the same rule", arguments: locations)
  func locationTable(location: String, expected: Outcome) throws {
    let request = HTTPRequest(url: try #require(URL(string: "https://a.test/x/y")))
    let host = try HTTPHost(request.url)
    do {
      let next = try HTTPExchange.redirected(request, host: host, to: location)
      #expect(
        Outcome.accepted(name: next.host.name, kind: next.host.kind, authority: next.host.authority)
          == expected)
    } catch {
      // The Location's host, refused as the request's own would be: the server's answer is
      // at fault, so the refusal is an invalid response.
      let target = try #require(URL(string: location, relativeTo: request.url)?.absoluteURL)
      let refusal = Self.refusal(of: target)
      #expect(refusal.map { Outcome.refused($0.reason) } == expected)
      #expect(refusal.map { error == .invalidResponse("redirect refused: \($0)") } == true)
      #expect(!error.description.contains("pw"))
    }
  }

  @Test(
    "a Location that is not followed is named by its scheme and host at most, never its user information, path or query",
    arguments: [
      (
        "http://tester:SECRET@b.test/x?key=SECRET",
        "redirect from https to http (http://b.test) refused"
      ),
      (
        "ftp://tester:SECRET@b.test/x",
        "redirect to a URL of scheme 'ftp', which is not http(s) refused"
      ),
      (
        "https://b.test:99999/x?key=SECRET",
        "redirect refused: https://b.test:99999: the port is not a number from 1 to 65535"
      ),
    ])
  func refusedLocationNamed(location: String, expected: String) throws {
    let request = HTTPRequest(url: try #require(URL(string: "https://a.test/x/y")))
    let host = try HTTPHost(request.url)
    #expect(throws: HTTPError.invalidResponse(expected)) {
      try HTTPExchange.redirected(request, host: host, to: location)
    }
  }

  @Test(
    "a hostile Location is refused before anything is sent to it, over every transport",
    arguments: [
      "https://%5B%5D/t.json", "http://x%0D%0AX-Injected%3A%20yes/t", "http://u:pw@127.0.0.1/t",
      "http://",
    ],
    HTTPTransportChoice.allCases)
  func hostileLocation(location: String, transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/start", .redirect(to: location))
      let error = await #expect(throws: HTTPError.self) {
        try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
          HTTPRequest(url: server.url("/start")), timeout: .seconds(30), maximumBodyBytes: 1_000)
      }
      guard case .invalidResponse(let message)? = error else {
        Issue.record("not an invalid response: \(String(describing: error))")
        return
      }
      #expect(message.hasPrefix("redirect refused: "), "\(message)")
      #expect(!message.contains("pw"))
      #expect(server.requests.map(\.path) == ["/start"])
    }
  }

  @Test(
    "a request whose URL's host holds a NUL and a line break is refused, and nothing is sent",
    arguments: HTTPTransportChoice.allCases)
  func injectedHost(transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { server in
      server.handle("/t.json") { _ in .ok("{}") }
      let text = "http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:\(server.port)/t.json"
      let url = try #require(URL(string: text))
      let error = await #expect(throws: HTTPError.self) {
        try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
          HTTPRequest(url: url), timeout: .seconds(30), maximumBodyBytes: 1_000)
      }
      guard case .invalidHost(let refusal)? = error else {
        Issue.record("not a host refusal: \(String(describing: error))")
        return
      }
      #expect(refusal.reason == .byte(0))
      #expect(
        error?.description
          == "cannot connect to http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:\(server.port): "
          + "the host holds %00, which no host name or address holds")
      #expect(server.requests.isEmpty)
    }
  }
}
