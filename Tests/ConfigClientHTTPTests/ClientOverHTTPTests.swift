import ConfigClient
import ConfigClientHTTP
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// The client's fetch rules with the real HTTP source against a loopback server: ETags,
/// throttling after 429 and repeated 5xx, and no throttling for timeouts and refusals.
@Suite("RemoteConfigClient over HTTP", .timeLimit(.minutes(3)))
struct ClientOverHTTPTests {
  static let template = TemplateFixtures.template(version: 7, ["greeting": "hi"])

  /// A client on `path` of `server` whose clock (intervals, throttle, timeout) is `time`.
  static func client(
    _ server: LoopbackHTTPServer, path: String = "/t", time: ManualTimeSource,
    maximumTemplateBytes: Int = 1_000_000
  ) -> RemoteConfigClient {
    client(url: server.url(path), time: time, maximumTemplateBytes: maximumTemplateBytes)
  }

  static func client(
    url: URL, time: ManualTimeSource, maximumTemplateBytes: Int = 1_000_000
  ) -> RemoteConfigClient {
    RemoteConfigClient(
      settings: RemoteConfigSettings(
        fetchTimeout: .seconds(60), maximumTemplateBytes: maximumTemplateBytes),
      source: HTTPTemplateSource(url: url, maximumBodyBytes: maximumTemplateBytes),
      timeSource: time, random: .constant(0.5))
  }

  @Test("the stored ETag is sent and a 304 keeps the fetched template")
  func etagAndNotModified() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t", Self.template, etag: "\"abc\"")
      let client = Self.client(server, time: ManualTimeSource())
      let first = try await client.fetch()
      let second = try await client.fetch()
      let forced = try await client.fetch(ignoringMinimumInterval: true)
      #expect(
        [first, second, forced] == [.newTemplate(versionNumber: 7), .servedFromCache, .notModified])
      #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"abc\""])
      #expect(await client.fetchedVersionNumber == 7)
    }
  }

  @Test("HTTP 429 throttles at once, until Retry-After given in seconds")
  func tooManyRequestsSeconds() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .status(429, headers: [("Retry-After", "120")]))
      let time = ManualTimeSource()
      let client = Self.client(server, time: time)
      await #expect(throws: FetchError.source(.http(status: 429, retryAfter: .seconds(120)))) {
        try await client.fetch()
      }
      #expect(await client.throttledUntil == time.now.addingTimeInterval(120))
      await #expect(throws: FetchError.throttled(until: time.now.addingTimeInterval(120))) {
        try await client.fetch(ignoringMinimumInterval: true)
      }
      #expect(server.requests.count == 1)
    }
  }

  @Test("HTTP 429 with Retry-After as an HTTP-date throttles until that date")
  func tooManyRequestsDate() async throws {
    try await LoopbackHTTPServer.with { server in
      // ManualTimeSource starts at 2026-01-01T00:00:00Z, a Thursday.
      server.enqueue(
        at: "/t", .status(429, headers: [("Retry-After", "Thu, 01 Jan 2026 00:05:00 GMT")]))
      let time = ManualTimeSource()
      let client = Self.client(server, time: time)
      await #expect(throws: FetchError.self) { try await client.fetch() }
      #expect(await client.throttledUntil == time.now.addingTimeInterval(300))
    }
  }

  @Test("500 once does not throttle; 500 twice in a row does, and no request is sent then")
  func serverErrorsTwice() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .status(500), .status(500))
      server.serveTemplate(at: "/t", Self.template, etag: "\"abc\"")
      let time = ManualTimeSource()
      let client = Self.client(server, time: time)
      await #expect(throws: FetchError.source(.http(status: 500, retryAfter: nil))) {
        try await client.fetch()
      }
      #expect(await client.throttledUntil == nil)
      await #expect(throws: FetchError.source(.http(status: 500, retryAfter: nil))) {
        try await client.fetch()
      }
      // The first throttle of the backoff: 2 minutes, jitter fraction 0.5.
      let until = time.now.addingTimeInterval(120)
      #expect(await client.throttledUntil == until)
      await #expect(throws: FetchError.throttled(until: until)) { try await client.fetch() }
      #expect(server.requests.count == 2)
      time.advance(by: .seconds(120))
      let recovered = try await client.fetch()
      #expect(recovered == .newTemplate(versionNumber: 7))
      #expect(await client.throttledUntil == nil)
    }
  }

  @Test("a fetch that times out never throttles, and the next one goes out")
  func timeoutNeverThrottles() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .stall, .stall, .stall)
      let time = ManualTimeSource()
      let client = Self.client(server, time: time)
      for attempt in 1...3 {
        let fetch = Task { try await client.fetch() }
        _ = await server.waitForRequests(count: attempt)
        await time.waitForSleepers(count: 1)
        time.advance(by: .seconds(60))
        await #expect(throws: FetchError.source(.timeout)) { try await fetch.value }
        #expect(await client.throttledUntil == nil)
      }
      await server.waitUntilNoOpenConnections()
    }
  }

  @Test("a refused connection never throttles, however often it happens")
  func refusedNeverThrottles() async throws {
    let down = try ClosedLoopbackPort()
    defer { withExtendedLifetime(down) {} }
    let client = Self.client(url: down.url("/t"), time: ManualTimeSource())
    for _ in 1...3 {
      let error = await #expect(throws: FetchError.self) { try await client.fetch() }
      guard case .source(.connectivity) = error else {
        Issue.record("expected a connectivity error, got \(String(describing: error))")
        return
      }
      #expect(await client.throttledUntil == nil)
    }
  }

  @Test(
    "a body cut short or over the limit is rejected and replaces nothing",
    arguments: [
      (
        LoopbackResponse.cutShort("{\"parameters\": {}", declaredLength: 150),
        TemplateSourceError.truncatedBody(received: 17, expected: 150)
      ),
      (LoopbackResponse.ok(String(repeating: " ", count: 300) + "{}"), .bodyTooLarge(limit: 200)),
    ])
  func brokenBodies(response: LoopbackResponse, error: TemplateSourceError) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: "/t", .ok(TemplateFixtures.template(version: 1, ["a": "b"]), etag: "\"1\""), response)
      let client = Self.client(server, time: ManualTimeSource(), maximumTemplateBytes: 200)
      try await client.fetchAndActivate()
      await #expect(throws: FetchError.source(error)) {
        try await client.fetch(ignoringMinimumInterval: true)
      }
      #expect(await client.fetchedVersionNumber == 1)
      #expect(client.snapshot["a"].rawValue == "b")
      #expect(await client.throttledUntil == nil)
    }
  }
}
