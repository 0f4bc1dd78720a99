import ConfigClient
import ConfigClientHTTP
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Redirects and bodies without end: the fetch follows what it should, refuses what it
/// should not, reads no redirect's body, and stops every body at the limit.
@Suite("HTTPTemplateSource redirects and endless bodies", .timeLimit(.minutes(3)))
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
      let response = try await source.fetchTemplate(TemplateFetchRequest(etag: "\"v0\"", timeout: Self.timeout))
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

  @Test("a redirect loop stops after 10 redirects")
  func redirectLoop() async throws {
    try await LoopbackHTTPServer.with { server in
      server.handle("/loop") { _ in .redirect(to: "/loop") }
      let source = HTTPTemplateSource(url: server.url("/loop"))
      await #expect(throws: TemplateSourceError.invalidResponse("more than 10 redirects")) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
      #expect(server.requests.count == 11)
    }
  }

  @Test(
    "a redirect to a location that is not http(s) is refused, naming its scheme and nothing more",
    arguments: [
      ("file:///etc/passwd", "file"), ("ftp://user:SECRET@example.com/t", "ftp"),
      ("mailto:a@b", "mailto"),
    ])
  func badLocation(location: String, scheme: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .redirect(to: location))
      let source = HTTPTemplateSource(url: server.url("/t"))
      let error = await #expect(throws: TemplateSourceError.self) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
      guard case .invalidResponse(let message) = error else {
        Issue.record("expected an invalid response, got \(String(describing: error))")
        return
      }
      #expect(message == "redirect to a URL of scheme '\(scheme)', which is not http(s) refused")
      #expect(server.requests.count == 1)
    }
  }

  @Test(
    "a caller's headers go only to the source's origin: a redirect to another origin drops them all, keeping the ETag and what the source accepts"
  )
  func callerHeadersStayWithTheirOrigin() async throws {
    try await LoopbackHTTPServer.with { first in
      try await LoopbackHTTPServer.with { second in
        // Two ports, two origins: the first redirects within itself, then to the second.
        first.enqueue(at: "/t", .redirect(to: "/same"))
        first.enqueue(at: "/same", .redirect(to: second.url("/t").absoluteString))
        second.serveTemplate(at: "/t", "{}", etag: "\"7\"")
        let caller = [
          "Cookie": "session=SECRET", "X-API-Key": "SECRET-KEY",
          "Authorization": "Bearer ya29.SECRET", "X-Tenant": "blue",
        ]
        let source = HTTPTemplateSource(url: first.url("/t"), headers: caller)
        let response = try await source.fetchTemplate(TemplateFetchRequest(etag: "\"7\"", timeout: Self.timeout))
        #expect(response == .notModified)
        let same = try #require(first.requests.last)
        #expect(same.path == "/same")
        for (name, value) in caller { #expect(same.header(name) == value, "\(name)") }
        let other = try #require(second.requests.first)
        for name in caller.keys { #expect(other.header(name) == nil, "\(name)") }
        #expect(other.header("If-None-Match") == "\"7\"")
        #expect(other.header("Accept") == "application/json")
        #expect(other.header("Accept-Encoding") == "gzip")
      }
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
          try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
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
      let fetch = Task { try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(60))) }
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
      let fetch = Task { try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(60))) }
      _ = await server.waitForRequests(count: 1)
      fetch.cancel()
      await #expect(throws: TemplateSourceError.connectivity("the fetch was cancelled")) {
        try await fetch.value
      }
      await server.waitUntilNoOpenConnections()
    }
  }
}
