import ConfigClient
import ConfigClientHTTP
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// `HTTPTemplateSource` against a real HTTP server on 127.0.0.1: every status and failure
/// maps to the client's `TemplateSourceError`.
@Suite("HTTPTemplateSource through a loopback server", .timeLimit(.minutes(3)))
struct HTTPTemplateSourceTests {
  static let template = #"{"parameters": {"greeting": {"defaultValue": {"value": "hi"}}}}"#
  static let timeout = Duration.seconds(30)

  @Test("200 returns the body and its ETag; the first request sends no If-None-Match")
  func templateWithETag() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/template.json", Self.template, etag: "\"v1\"")
      let source = HTTPTemplateSource(
        url: server.url("/template.json"), headers: ["Authorization": "Bearer token"])
      let response = try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      #expect(response == .template(body: Array(Self.template.utf8), etag: "\"v1\""))
      let request = try #require(server.requests.first)
      #expect(request.method == "GET")
      #expect(request.header("If-None-Match") == nil)
      #expect(request.header("Accept") == "application/json")
      #expect(request.header("Authorization") == "Bearer token")
    }
  }

  @Test("the stored ETag goes out as If-None-Match and a matching one answers notModified")
  func notModified() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t", Self.template, etag: "W/\"v2\"")
      let source = HTTPTemplateSource(url: server.url("/t"))
      let unchanged = try await source.fetchTemplate(TemplateFetchRequest(etag: "W/\"v2\"", timeout: Self.timeout))
      #expect(unchanged == .notModified)
      let changed = try await source.fetchTemplate(TemplateFetchRequest(etag: "\"v1\"", timeout: Self.timeout))
      #expect(changed == .template(body: Array(Self.template.utf8), etag: "W/\"v2\""))
      #expect(server.requests.map { $0.header("If-None-Match") } == ["W/\"v2\"", "\"v1\""])
    }
  }

  @Test(
    "any status other than 200 and 304 is an HTTP error with its Retry-After",
    arguments: [
      (
        LoopbackResponse.status(429, headers: [("Retry-After", "120")]), 429,
        RetryAfter.seconds(120)
      ),
      (
        .status(429, headers: [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")]), 429,
        .date(Date(timeIntervalSince1970: 1_445_412_480))
      ),
      (.status(503, headers: [("Retry-After", "soon")]), 503, nil),
      (.status(500), 500, nil),
      (.status(404), 404, nil),
    ] as [(LoopbackResponse, Int, RetryAfter?)])
  func httpErrors(response: LoopbackResponse, status: Int, retryAfter: RetryAfter?) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", response)
      let source = HTTPTemplateSource(url: server.url("/t"))
      await #expect(throws: TemplateSourceError.http(status: status, retryAfter: retryAfter)) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
    }
  }

  @Test("a server that never answers times out on the source's clock and the connection closes")
  func stallTimesOut() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .stall)
      let time = ManualTimeSource()
      let source = HTTPTemplateSource(url: server.url("/t"), timeSource: time)
      let fetch = Task {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(60)))
      }
      _ = await server.waitForRequests(count: 1)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(60))
      await #expect(throws: TemplateSourceError.timeout) { try await fetch.value }
      await server.waitUntilNoOpenConnections()
    }
  }

  @Test(
    "URLSession's own timeout also reads as a timeout, before or after the response head",
    arguments: [LoopbackResponse.stall, .stream(LoopbackStream())])
  func urlSessionTimeout(response: LoopbackResponse) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", response)
      // A clock that never moves: only URLSession's (real, one-second) timeout can fire.
      let source = HTTPTemplateSource(url: server.url("/t"), timeSource: ManualTimeSource())
      await #expect(throws: TemplateSourceError.timeout) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(1)))
      }
    }
  }

  @Test("a timeout under a second is kept by the source's own deadline")
  func subSecondTimeout() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .stall)
      let source = HTTPTemplateSource(url: server.url("/t"))
      await #expect(throws: TemplateSourceError.timeout) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: .milliseconds(200)))
      }
    }
  }

  @Test("a refused connection is a connectivity error naming the server")
  func connectionRefused() async throws {
    let down = try ClosedLoopbackPort()
    defer { withExtendedLifetime(down) {} }
    let url = down.url("/t")
    let source = HTTPTemplateSource(url: url)
    let error = await #expect(throws: TemplateSourceError.self) {
      try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
    }
    guard case .connectivity(let message) = error else {
      Issue.record("expected a connectivity error, got \(String(describing: error))")
      return
    }
    #expect(message.contains("127.0.0.1:\(down.port)"))
  }

  @Test("a body shorter than its Content-Length is truncated")
  func truncatedBody() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .cutShort(#"{"parameters": {"#, declaredLength: 500))
      let source = HTTPTemplateSource(url: server.url("/t"))
      await #expect(throws: TemplateSourceError.truncatedBody(received: 16, expected: 500)) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
    }
  }

  @Test(
    "a body over the limit is rejected, whether its Content-Length says so or only its bytes",
    arguments: [
      // The declared length alone rejects it, before the body arrives.
      LoopbackResponse.cutShort("{}", declaredLength: 5000),
      .init(status: 200, body: .complete(Array(repeating: 0x20, count: 101))),
      .init(status: 200, body: .closeDelimited(Array(repeating: 0x20, count: 5000))),
    ])
  func bodyTooLarge(response: LoopbackResponse) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", response)
      let source = HTTPTemplateSource(url: server.url("/t"), maximumBodyBytes: 100)
      await #expect(throws: TemplateSourceError.bodyTooLarge(limit: 100)) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
    }
  }

  @Test("a body exactly at the limit, even without a Content-Length, is accepted")
  func bodyAtLimit() async throws {
    try await LoopbackHTTPServer.with { server in
      let body = Array(repeating: UInt8(ascii: " "), count: 100)
      server.enqueue(at: "/t", LoopbackResponse(status: 200, body: .closeDelimited(body)))
      let source = HTTPTemplateSource(url: server.url("/t"), maximumBodyBytes: 100)
      let response = try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      #expect(response == .template(body: body, etag: nil))
    }
  }
}
