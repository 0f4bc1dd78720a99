import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// `HTTPTemplateSource` against a real HTTP server on 127.0.0.1: every status and failure
/// maps to the client's `TemplateSourceError`.
@Suite("HTTPTemplateSource through a loopback server", .timeLimit(.minutes(1)))
struct HTTPTemplateSourceTests {
  static let template = #"{"parameters": {"greeting": {"defaultValue": {"value": "hi"}}}}"#
  static let timeout = Duration.seconds(30)

  @Test("200 returns the body and its ETag; the first request sends no If-None-Match")
  func templateWithETag() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/template.json", Self.template, etag: "\"v1\"")
      let source = HTTPTemplateSource(
        url: server.url("/template.json"), headers: ["Authorization": "Bearer token"])
      let response = try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
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
      let unchanged = try await source.fetchTemplate(ifNoneMatch: "W/\"v2\"", timeout: Self.timeout)
      #expect(unchanged == .notModified)
      let changed = try await source.fetchTemplate(ifNoneMatch: "\"v1\"", timeout: Self.timeout)
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
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
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
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(60))
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
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(1))
      }
    }
  }

  @Test("a timeout under a second is kept by the source's own deadline")
  func subSecondTimeout() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .stall)
      let source = HTTPTemplateSource(url: server.url("/t"))
      await #expect(throws: TemplateSourceError.timeout) {
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: .milliseconds(200))
      }
    }
  }

  @Test("a refused connection is a connectivity error naming the server")
  func connectionRefused() async throws {
    let server = try LoopbackHTTPServer()
    let url = server.url("/t")
    server.stop()
    let source = HTTPTemplateSource(url: url)
    let error = await #expect(throws: TemplateSourceError.self) {
      try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
    }
    guard case .connectivity(let message) = error else {
      Issue.record("expected a connectivity error, got \(String(describing: error))")
      return
    }
    #expect(message.contains("127.0.0.1:\(server.port)"))
  }

  @Test("a body shorter than its Content-Length is truncated")
  func truncatedBody() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .cutShort(#"{"parameters": {"#, declaredLength: 500))
      let source = HTTPTemplateSource(url: server.url("/t"))
      await #expect(throws: TemplateSourceError.truncatedBody(received: 16, expected: 500)) {
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
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
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
      }
    }
  }

  @Test("a body exactly at the limit, even without a Content-Length, is accepted")
  func bodyAtLimit() async throws {
    try await LoopbackHTTPServer.with { server in
      let body = Array(repeating: UInt8(ascii: " "), count: 100)
      server.enqueue(at: "/t", LoopbackResponse(status: 200, body: .closeDelimited(body)))
      let source = HTTPTemplateSource(url: server.url("/t"), maximumBodyBytes: 100)
      let response = try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
      #expect(response == .template(body: body, etag: nil))
    }
  }
}

/// Redirects and bodies without end: the fetch follows what it should, refuses what it
/// should not, reads no redirect's body, and stops every body at the limit.
@Suite("HTTPTemplateSource redirects and endless bodies", .timeLimit(.minutes(1)))
struct HTTPTemplateSourceRedirectTests {
  static let template = HTTPTemplateSourceTests.template
  static let timeout = HTTPTemplateSourceTests.timeout

  @Test(
    "a redirect is followed to the template, relative or absolute, its own body unread",
    arguments: [
      LoopbackResponse.redirect(to: "/final"),
      .redirect(to: "final", status: 301),
      .redirect(to: "/final", status: 307, body: .endless(chunk: Array("x".utf8), chunked: false)),
      .redirect(to: "/final", status: 308, body: .endless(chunk: Array("x".utf8), chunked: true)),
      // Its head sent, its body never: the redirect is followed all the same.
      .redirect(to: "/final", status: 303, body: .stream(LoopbackStream(framing: .closeDelimited))),
    ])
  func followsRedirect(redirect: LoopbackResponse) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/start", redirect)
      server.serveTemplate(at: "/final", Self.template, etag: "\"v1\"")
      let source = HTTPTemplateSource(
        url: server.url("/start"), headers: ["Authorization": "Bearer token"])
      let response = try await source.fetchTemplate(ifNoneMatch: "\"v0\"", timeout: Self.timeout)
      #expect(response == .template(body: Array(Self.template.utf8), etag: "\"v1\""))
      let requests = server.requests
      #expect(requests.map(\.path) == ["/start", "/final"])
      // The same origin keeps the credentials and the conditional request.
      #expect(requests.last?.header("Authorization") == "Bearer token")
      #expect(requests.last?.header("If-None-Match") == "\"v0\"")
      // The redirect's connection was closed, not read to its (endless) end.
      await server.waitUntilNoOpenConnections()
    }
  }

  @Test("a redirect to another origin does not carry the Authorization header")
  func crossOriginDropsCredentials() async throws {
    try await LoopbackHTTPServer.with { first in
      try await LoopbackHTTPServer.with { second in
        second.serveTemplate(at: "/t", Self.template, etag: "\"v1\"")
        first.enqueue(at: "/t", .redirect(to: second.url("/t").absoluteString))
        let source = HTTPTemplateSource(
          url: first.url("/t"), headers: ["Authorization": "Bearer token", "X-Client": "a"])
        _ = try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
        let request = try #require(second.requests.first)
        #expect(request.header("Authorization") == nil)
        #expect(request.header("X-Client") == "a")
      }
    }
  }

  @Test("a redirect loop stops after 10 redirects")
  func redirectLoop() async throws {
    try await LoopbackHTTPServer.with { server in
      server.handle("/loop") { _ in .redirect(to: "/loop") }
      let source = HTTPTemplateSource(url: server.url("/loop"))
      await #expect(throws: TemplateSourceError.invalidResponse("more than 10 redirects")) {
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
      }
      #expect(server.requests.count == 11)
    }
  }

  @Test(
    "a redirect to a location that is not http(s) is refused, naming it",
    arguments: ["file:///etc/passwd", "ftp://example.com/t", "mailto:a@b", "http://"])
  func badLocation(location: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .redirect(to: location))
      let source = HTTPTemplateSource(url: server.url("/t"))
      let error = await #expect(throws: TemplateSourceError.self) {
        try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
      }
      guard case .invalidResponse(let message) = error else {
        Issue.record("expected an invalid response, got \(String(describing: error))")
        return
      }
      #expect(message.contains("redirect to '\(location)'"))
      #expect(server.requests.count == 1)
    }
  }

  @Test(
    "a body without end stops at the limit, with or without chunks, after a redirect too",
    arguments: [false, true])
  func endlessBody(chunked: Bool) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .endless(chunked: chunked))
      server.enqueue(at: "/moved", .redirect(to: "/again"))
      server.enqueue(at: "/again", .endless(chunked: chunked))
      for path in ["/t", "/moved"] {
        let source = HTTPTemplateSource(url: server.url(path), maximumBodyBytes: 100_000)
        await #expect(throws: TemplateSourceError.bodyTooLarge(limit: 100_000)) {
          try await source.fetchTemplate(ifNoneMatch: nil, timeout: Self.timeout)
        }
      }
      // The client closed every connection: the server's endless writers have stopped.
      await server.waitUntilNoOpenConnections()
    }
  }

  @Test("a body that keeps trickling in ends at the deadline with a timeout")
  func tricklingBody() async throws {
    try await LoopbackHTTPServer.with { server in
      let stream = LoopbackStream(framing: .closeDelimited)
      server.enqueue(at: "/old", .redirect(to: "/t"))
      server.enqueue(at: "/t", .stream(stream))
      let time = ManualTimeSource()
      let source = HTTPTemplateSource(url: server.url("/old"), timeSource: time)
      let fetch = Task { try await source.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(60)) }
      await stream.waitUntilConnected()
      stream.send("{\"parameters\": ")
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(60))
      await #expect(throws: TemplateSourceError.timeout) { try await fetch.value }
      await stream.waitUntilEnded()
    }
  }

  @Test("cancelling the fetching task ends the fetch at once")
  func cancelled() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .stall)
      let source = HTTPTemplateSource(url: server.url("/t"), timeSource: ManualTimeSource())
      let fetch = Task { try await source.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(60)) }
      _ = await server.waitForRequests(count: 1)
      fetch.cancel()
      await #expect(throws: TemplateSourceError.connectivity("the fetch was cancelled")) {
        try await fetch.value
      }
      await server.waitUntilNoOpenConnections()
    }
  }
}
