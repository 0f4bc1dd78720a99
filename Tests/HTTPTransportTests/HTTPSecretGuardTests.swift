import Core
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

/// Where a secret may go: https anywhere; plain http only to loopback addresses and the hosts
/// allowed for it, and by a `localhost` name only to the loopback addresses it resolves to;
/// never by a redirect to plain http or with a body to another origin. Refusals happen before
/// any byte leaves (before DNS for every name but `localhost`'s).
@Suite("HTTPSecretGuard", .timeLimit(.minutes(3)))
struct HTTPSecretGuardTests {
  /// The ways a request carries a secret: the caller's mark (a key in a header of its own,
  /// as a service's API key or token is sent), or one of HTTP's credential headers in any
  /// case; and two that carry none: no credential, and a header of the caller's own it did
  /// not mark, which HTTP cannot know for a secret (it knows no service's header names).
  enum Secret: String, CaseIterable, Sendable {
    case none, unmarkedOwnHeader, marked, authorization, proxyAuthorization
    case proxyAuthorizationLowerCase

    /// Whether the guard must treat the request as carrying a secret.
    var isSecret: Bool { self != .none && self != .unmarkedOwnHeader }

    func request(_ url: URL, body: [UInt8]? = nil) -> HTTPRequest {
      var request = HTTPRequest(
        method: body == nil ? "GET" : "POST", url: url, body: body,
        carriesSecret: self == .marked)
      switch self {
      case .none: break
      case .unmarkedOwnHeader, .marked: request.headers.append(("X-Api-Key", "key-SECRET"))
      case .authorization: request.headers.append(("Authorization", "Bearer ya29.SECRET"))
      case .proxyAuthorization:
        request.headers.append(("Proxy-Authorization", "Basic cHJveHk6U0VDUkVU"))
      case .proxyAuthorizationLowerCase:
        request.headers.append(("proxy-authorization", "Basic cHJveHk6U0VDUkVU"))
      }
      return request
    }
  }

  /// What the guard makes of a request carrying a secret.
  enum Outcome: Sendable {
    /// Sent wherever the host resolves.
    case sent
    /// Sent only to the loopback addresses the name resolves to.
    case loopbackOnly
    /// Refused before the name is resolved.
    case refused
  }

  /// URLs, and what becomes of a secret sent there with `metadata.invalid` and
  /// `emulator.invalid:9000` allowed for plain http.
  static let destinations: [(String, Outcome)] = [
    ("https://firebaseremoteconfig.googleapis.com/v1/projects/p", .sent),
    ("HTTPS://Example.com:8443/x", .sent),
    ("https://localhost./x", .sent),
    ("http://example.invalid/token?key=SECRET", .refused),
    ("http://127.0.0.1:8080/x", .sent),
    ("http://127.200.3.4/x", .sent),
    ("http://localhost:9/x", .loopbackOnly),
    ("http://LOCALHOST/x", .loopbackOnly),
    ("http://localhost./x", .loopbackOnly),
    ("http://[::1]:8080/x", .sent),
    ("http://[0:0:0:0:0:0:0:1]/x", .sent),
    ("http://[::ffff:127.0.0.1]/x", .sent),
    ("http://128.0.0.1/x", .refused),
    ("http://127.0.0.1.example.invalid/x", .refused),
    ("http://localhost.example.invalid/x", .refused),
    ("http://[::2]/x", .refused),
    ("http://[::ffff:10.0.0.1]/x", .refused),
    ("http://169.254.169.254/computeMetadata/v1/x", .refused),
    ("http://metadata.google.internal/computeMetadata/v1/x", .refused),
    ("http://metadata.invalid/computeMetadata/v1/x", .sent),
    ("http://METADATA.invalid.:8080/x", .sent),
    ("http://emulator.invalid:9000/x", .sent),
    ("http://emulator.invalid:9001/x", .refused),
    ("http://emulator.invalid/x", .refused),
  ]

  static let secretGuard = HTTPSecretGuard(
    plainHTTPHosts: ["metadata.invalid", "Emulator.invalid:9000"])

  @Test(
    "a request carrying a secret goes over https, or plain http to a loopback address, an allowed host, or a localhost name's loopback addresses; one without a secret goes anywhere",
    arguments: destinations, Secret.allCases)
  func destinationTable(destination: (String, Outcome), secret: Secret) throws {
    let url = try #require(URL(string: destination.0))
    let request = secret.request(url)
    let carriesSecret = HTTPSecretGuard.carriesSecret(request)
    #expect(carriesSecret == secret.isSecret)
    let expected = secret.isSecret ? destination.1 : .sent
    let host = try HTTPHost(url)
    let refusal = HTTPSecretRefusal(scheme: "http", host: host, reason: .plainHTTP)
    do {
      let clearance = try Self.secretGuard.check(
        request, host: host, carriesSecret: carriesSecret, isRedirect: false)
      switch expected {
      case .sent: #expect(clearance == .anywhere)
      case .loopbackOnly: #expect(clearance == .loopbackOnly(refusal))
      case .refused: Issue.record("sent: \(clearance)")
      }
    } catch {
      #expect(expected == .refused, "refused: \(error)")
      #expect(error == .secretRefused(refusal))
    }
  }

  @Test(
    "a localhost name's secret goes only to a loopback address it resolves to, whatever the name",
    arguments: [
      ("http://localhost/x", "127.0.0.1", true),
      ("http://localhost/x", "127.45.6.7", true),
      ("http://localhost/x", "::1", true),
      ("http://localhost/x", "::ffff:127.0.0.9", true),
      ("http://localhost./x", "10.1.2.3", false),
      ("http://localhost/x", "192.0.2.1", false),
      ("http://localhost/x", "::ffff:10.0.0.1", false),
      ("http://localhost/x", "::2", false),
      ("http://localhost/x", "169.254.169.254", false),
      // Cleared for anywhere: https, or a host allowed plain http.
      ("https://localhost./x", "10.1.2.3", true),
      ("http://metadata.invalid/x", "10.1.2.3", true),
    ])
  func connectedAddress(url: String, address: String, permitted: Bool) throws {
    let url = try #require(URL(string: url))
    let clearance = try Self.secretGuard.check(
      Secret.authorization.request(url), host: HTTPHost(url), carriesSecret: true,
      isRedirect: false)
    // What the resolver hands the transport: a socket address (a literal needs no DNS).
    let resolved = try #require(HTTPSocket.resolve(host: address, port: 80)?.first)
    #expect(
      clearance.permits(family: resolved.family, socketAddress: resolved.address) == permitted)
  }

  #if !canImport(Darwin)
    @Test(
      "a localhost name that resolves elsewhere gets no secret, refused before connecting; the same name resolving to 127.0.0.1 gets it"
    )
    func localhostResolvedElsewhere() async throws {
      try await LoopbackHTTPServer.with { server in
        server.handle("/t") { _ in .ok("{}") }
        let url = try #require(URL(string: "http://localhost.:\(server.port)/t"))
        let refusal = HTTPSecretRefusal(scheme: "http", host: try HTTPHost(url), reason: .plainHTTP)
        // What a resolver that answers `localhost.` from DNS may say. 192.0.2.1 (TEST-NET-1)
        // is no one's: connecting there would fail or wait out the hour, never be refused.
        let elsewhere = HTTPTransportChoice.sockets(
          trusting: .system, pinning: ["localhost.": "192.0.2.1"])
        await #expect(throws: HTTPError.secretRefused(refusal)) {
          try await HTTPClient(time: ManualTimeSource(), transport: elsewhere).send(
            Secret.authorization.request(url), timeout: .seconds(3_600), maximumBodyBytes: 1_000)
        }
        let loopback = HTTPTransportChoice.sockets(
          trusting: .system, pinning: ["localhost.": "127.0.0.1"])
        let response = try await HTTPClient(time: ManualTimeSource(), transport: loopback).send(
          Secret.authorization.request(url), timeout: .seconds(3_600), maximumBodyBytes: 1_000)
        #expect(response.status == 200)
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer ya29.SECRET"])
      }
    }
  #endif

  @Test(
    "a refusal names the scheme and host and says why, never the secret, path or query",
    arguments: Secret.allCases.filter(\.isSecret), HTTPTransportChoice.allCases)
  func refusedBeforeSending(secret: Secret, transport: HTTPTransportChoice) async throws {
    let url = try #require(URL(string: "http://example.invalid:8080/token?key=SECRET"))
    let error = await #expect(throws: HTTPError.self) {
      try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
        secret.request(url, body: Array("refresh_token=SECRET".utf8)), timeout: .seconds(30),
        maximumBodyBytes: 1_000)
    }
    guard case .secretRefused(let refusal) = error else {
      Issue.record("expected a refusal, got \(String(describing: error))")
      return
    }
    let text = refusal.description
    #expect(text.contains("http://example.invalid:8080"))
    #expect(text.contains("plain http"))
    #expect(!text.contains("SECRET"))
    #expect(!text.contains("token?"))
    #expect(!text.contains("ya29"))
    #expect(error?.description == text)
  }

  @Test(
    "a secret reaches a loopback server over plain http, and an allowed host's port too",
    arguments: HTTPTransportChoice.allCases)
  func loopbackAllowed(transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { server in
      server.handle("/t") { _ in .ok("{}") }
      let client = HTTPClient(time: SystemTimeSource(), transport: transport)
      let response = try await client.send(
        Secret.authorization.request(server.url("/t")), timeout: .seconds(30),
        maximumBodyBytes: 1_000)
      #expect(response.status == 200)
      #expect(server.requests.first?.header("Authorization") == "Bearer ya29.SECRET")
    }
  }

  @Test(
    "a redirect of a request carrying a secret to plain http elsewhere is refused, and nothing is sent there",
    arguments: Secret.allCases.filter(\.isSecret), HTTPTransportChoice.allCases)
  func redirectToPlainHTTP(secret: Secret, transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { server in
      let target = "http://example.invalid/next?key=SECRET"
      server.enqueue(at: "/start", .redirect(to: target))
      let error = await #expect(throws: HTTPError.self) {
        try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
          secret.request(server.url("/start")), timeout: .seconds(30), maximumBodyBytes: 1_000)
      }
      let host = try HTTPHost(try #require(URL(string: target)))
      #expect(
        error
          == .secretRefused(
            HTTPSecretRefusal(scheme: "http", host: host, reason: .redirectToPlainHTTP)))
      #expect(server.requests.map(\.path) == ["/start"])
    }
  }

  @Test(
    "crossing origins drops every header but the transport's own (credentials, cookies, a caller's own); the same origin keeps them all",
    arguments: HTTPTransportChoice.allCases)
  func crossOriginKeepsOnlyTransportHeaders(transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { first in
      try await LoopbackHTTPServer.with { second in
        first.enqueue(at: "/start", .redirect(to: "/same"))
        first.enqueue(at: "/same", .redirect(to: second.url("/other").absoluteString))
        second.handle("/other") { _ in .ok("{}") }
        let caller = [
          ("Authorization", "Bearer ya29.SECRET"), ("X-Goog-Api-Key", "AIzaSECRET"),
          ("X-Goog-Firebase-Installations-Auth", "fis-auth-SECRET"), ("X-Client", "a"),
          ("Cookie", "session=SECRET"),
        ]
        let transportOwn = [
          ("Accept", "application/json"), ("User-Agent", "switchyard-test"),
          ("If-None-Match", "\"7\""),
        ]
        var request = HTTPRequest(url: first.url("/start"), headers: caller + transportOwn)
        request.carriesSecret = false
        let response = try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
          request, timeout: .seconds(30), maximumBodyBytes: 1_000)
        #expect(response.status == 200)
        let same = try #require(first.requests.last)
        let other = try #require(second.requests.first)
        for (name, value) in caller {
          #expect(same.header(name) == value, "\(name)")
          #expect(other.header(name) == nil, "\(name)")
        }
        for (name, value) in transportOwn {
          #expect(same.header(name) == value, "\(name)")
          #expect(other.header(name) == value, "\(name)")
        }
      }
    }
  }

  @Test(
    "a 307 or 308 that would re-send a secret body to another origin is refused; a 303 continues without it; the same origin gets it again",
    arguments: [307, 308, 303])
  func secretBodyRedirects(status: Int) async throws {
    try await LoopbackHTTPServer.with { first in
      try await LoopbackHTTPServer.with { second in
        first.enqueue(
          at: "/token", .redirect(to: second.url("/token").absoluteString, status: status))
        first.enqueue(at: "/same", .redirect(to: "/again", status: status))
        first.handle("/again") { _ in .ok("{}") }
        second.handle("/token") { _ in .ok("{}") }
        let client = HTTPClient(time: SystemTimeSource())
        let body = Array("grant_type=refresh_token&refresh_token=SECRET".utf8)
        let crossing = HTTPRequest(
          method: "POST", url: first.url("/token"), body: body, carriesSecret: true)
        if status == 303 {
          let response = try await client.send(
            crossing, timeout: .seconds(30), maximumBodyBytes: 100)
          #expect(response.status == 200)
          #expect(second.requests.map(\.method) == ["GET"])
          #expect(second.requests.first?.body == [])
        } else {
          let target = try HTTPHost(second.url("/token"))
          await #expect(
            throws: HTTPError.secretRefused(
              HTTPSecretRefusal(
                scheme: "http", host: target, reason: .bodyToAnotherOrigin(status: status)))
          ) {
            try await client.send(crossing, timeout: .seconds(30), maximumBodyBytes: 100)
          }
          #expect(second.requests.isEmpty)
        }
        var same = crossing
        same.url = first.url("/same")
        _ = try await client.send(same, timeout: .seconds(30), maximumBodyBytes: 100)
        let again = try #require(first.requests.last)
        #expect(again.path == "/again")
        #expect(again.body == (status == 303 ? [] : body))
      }
    }
  }

  @Test("the refusals read as one line that says what to do")
  func descriptions() throws {
    let url = try #require(URL(string: "http://[fd00::1]:8080/x?key=SECRET"))
    let host = try HTTPHost(url)
    #expect(
      HTTPSecretRefusal(scheme: "http", host: host, reason: .plainHTTP).description
        == "refused to send a request carrying a secret (a token or key) to http://[fd00::1]:8080: plain http would show it to anyone on the way; use https (plain http is allowed only to loopback addresses and the hosts allowed for it, such as the metadata server)"
    )
    let https = try #require(URL(string: "https://other.example/token"))
    let httpsHost = try HTTPHost(https)
    #expect(
      HTTPSecretRefusal(scheme: "https", host: httpsHost, reason: .bodyToAnotherOrigin(status: 307))
        .description
        == "refused to follow a 307 redirect to https://other.example: it would re-send a body carrying a secret (a token or key) to another origin"
    )
  }
}
