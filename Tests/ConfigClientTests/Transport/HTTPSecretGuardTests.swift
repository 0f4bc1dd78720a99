import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

/// Where a secret may go: https anywhere; plain http only to loopback and the hosts allowed
/// for it; never by a redirect to plain http or with a body to another origin. Refusals
/// happen before any byte leaves (before DNS: `.invalid` hosts never resolve anyway).
@Suite("HTTPSecretGuard", .timeLimit(.minutes(3)))
struct HTTPSecretGuardTests {
  /// The ways a request carries a secret, and one that carries none.
  enum Secret: String, CaseIterable, Sendable {
    case none, marked, authorization, apiKey, apiKeyUpperCase, installationToken

    func request(_ url: URL, body: [UInt8]? = nil) -> HTTPRequest {
      var request = HTTPRequest(
        method: body == nil ? "GET" : "POST", url: url, body: body,
        carriesSecret: self == .marked)
      switch self {
      case .none, .marked: break
      case .authorization: request.headers.append(("Authorization", "Bearer ya29.SECRET"))
      case .apiKey: request.headers.append(("x-goog-api-key", "AIzaSECRET"))
      case .apiKeyUpperCase: request.headers.append(("X-GOOG-API-KEY", "AIzaSECRET"))
      case .installationToken:
        request.headers.append(("X-Goog-Firebase-Installations-Auth", "fis-auth-SECRET"))
      }
      return request
    }
  }

  /// URLs, and whether a secret may go there with `metadata.invalid` and
  /// `emulator.invalid:9000` allowed for plain http.
  static let destinations: [(String, Bool)] = [
    ("https://firebaseremoteconfig.googleapis.com/v1/projects/p", true),
    ("HTTPS://Example.com:8443/x", true),
    ("http://example.invalid/token?key=SECRET", false),
    ("http://127.0.0.1:8080/x", true),
    ("http://127.200.3.4/x", true),
    ("http://localhost:9/x", true),
    ("http://LOCALHOST/x", true),
    ("http://[::1]:8080/x", true),
    ("http://[0:0:0:0:0:0:0:1]/x", true),
    ("http://[::ffff:127.0.0.1]/x", true),
    ("http://128.0.0.1/x", false),
    ("http://127.0.0.1.example.invalid/x", false),
    ("http://localhost.example.invalid/x", false),
    ("http://2130706433/x", false),
    ("http://[::2]/x", false),
    ("http://169.254.169.254/computeMetadata/v1/x", false),
    ("http://metadata.google.internal/computeMetadata/v1/x", false),
    ("http://metadata.invalid/computeMetadata/v1/x", true),
    ("http://METADATA.invalid:8080/x", true),
    ("http://emulator.invalid:9000/x", true),
    ("http://emulator.invalid:9001/x", false),
    ("http://emulator.invalid/x", false),
  ]

  static let secretGuard = HTTPSecretGuard(
    plainHTTPHosts: ["metadata.invalid", "Emulator.invalid:9000"])

  @Test(
    "a request carrying a secret goes over https, or plain http to loopback or an allowed host; one without a secret goes anywhere",
    arguments: destinations, Secret.allCases)
  func destinationTable(destination: (String, Bool), secret: Secret) throws {
    let url = try #require(URL(string: destination.0))
    let request = secret.request(url)
    let carriesSecret = HTTPSecretGuard.carriesSecret(request)
    #expect(carriesSecret == (secret != .none))
    do {
      try Self.secretGuard.check(request, carriesSecret: carriesSecret, isRedirect: false)
      #expect(destination.1 || secret == .none, "sent")
    } catch {
      #expect(!destination.1 && secret != .none, "refused: \(error)")
      #expect(error == .secretRefused(HTTPSecretRefusal(url: url, reason: .plainHTTP)))
    }
  }

  @Test(
    "a refusal names the scheme and host and says why, never the secret, path or query",
    arguments: Secret.allCases.filter { $0 != .none }, HTTPTransportChoice.allCases)
  func refusedBeforeSending(secret: Secret, transport: HTTPTransportChoice) async throws {
    let url = try #require(URL(string: "http://example.invalid:8080/token?key=SECRET"))
    let error = await #expect(throws: HTTPClientError.self) {
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
    arguments: Secret.allCases.filter { $0 != .none }, HTTPTransportChoice.allCases)
  func redirectToPlainHTTP(secret: Secret, transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { server in
      let target = "http://example.invalid/next?key=SECRET"
      server.enqueue(at: "/start", .redirect(to: target))
      let error = await #expect(throws: HTTPClientError.self) {
        try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
          secret.request(server.url("/start")), timeout: .seconds(30), maximumBodyBytes: 1_000)
      }
      let url = try #require(URL(string: target))
      #expect(
        error == .secretRefused(HTTPSecretRefusal(url: url, reason: .redirectToPlainHTTP)))
      #expect(server.requests.map(\.path) == ["/start"])
    }
  }

  @Test(
    "crossing origins drops Authorization, x-goog-api-key and the installation token; the same origin keeps them",
    arguments: HTTPTransportChoice.allCases)
  func crossOriginDropsSecretHeaders(transport: HTTPTransportChoice) async throws {
    try await LoopbackHTTPServer.with { first in
      try await LoopbackHTTPServer.with { second in
        first.enqueue(at: "/start", .redirect(to: "/same"))
        first.enqueue(at: "/same", .redirect(to: second.url("/other").absoluteString))
        second.handle("/other") { _ in .ok("{}") }
        var request = HTTPRequest(
          url: first.url("/start"),
          headers: [
            ("Authorization", "Bearer ya29.SECRET"), ("X-Goog-Api-Key", "AIzaSECRET"),
            ("X-Goog-Firebase-Installations-Auth", "fis-auth-SECRET"), ("X-Client", "a"),
          ])
        request.carriesSecret = false
        let response = try await HTTPClient(time: SystemTimeSource(), transport: transport).send(
          request, timeout: .seconds(30), maximumBodyBytes: 1_000)
        #expect(response.status == 200)
        let same = try #require(first.requests.last)
        #expect(same.header("Authorization") == "Bearer ya29.SECRET")
        #expect(same.header("x-goog-api-key") == "AIzaSECRET")
        let other = try #require(second.requests.first)
        #expect(other.header("Authorization") == nil)
        #expect(other.header("x-goog-api-key") == nil)
        #expect(other.header("X-Goog-Firebase-Installations-Auth") == nil)
        #expect(same.header("X-Goog-Firebase-Installations-Auth") == "fis-auth-SECRET")
        #expect(other.header("X-Client") == "a")
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
          let target = second.url("/token")
          await #expect(
            throws: HTTPClientError.secretRefused(
              HTTPSecretRefusal(url: target, reason: .bodyToAnotherOrigin(status: status)))
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
    #expect(
      HTTPSecretRefusal(url: url, reason: .plainHTTP).description
        == "refused to send a request carrying a secret (a token or key) to http://[fd00::1]:8080: plain http would show it to anyone on the way; use https (plain http is allowed only to loopback addresses and the hosts allowed for it, such as the metadata server)"
    )
    let https = try #require(URL(string: "https://other.example/token"))
    #expect(
      HTTPSecretRefusal(url: https, reason: .bodyToAnotherOrigin(status: 307)).description
        == "refused to follow a 307 redirect to https://other.example: it would re-send a body carrying a secret (a token or key) to another origin"
    )
  }
}
