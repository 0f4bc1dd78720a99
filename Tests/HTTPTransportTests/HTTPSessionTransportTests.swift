import Core
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

// URLSession carries https on Apple's systems only: on Linux our socket transport does,
// with OpenSSL (see `TLSTransportTests`).
#if canImport(Darwin)
  /// URLSession (the `.platform` transport, which carries plain http too, so the loopback
  /// server can play the hostile server) against bodies that do not end: the fetch ends at its
  /// limit or its deadline, and the platform's connection is closed once the fetch has
  /// returned, which the server sees (a latch, not a sleep), also when the server floods the
  /// connection.
  @Suite("HTTPSessionTransport", .timeLimit(.minutes(2)))
  struct HTTPSessionTransportTests {
    /// A client over URLSession whose deadline runs on `time`.
    private func client(_ time: ManualTimeSource) -> HTTPClient {
      HTTPClient(time: time, transport: .platform)
    }

    /// 16 KB of body text.
    private static let chunk = String(repeating: "0123456789abcdef", count: 1_024)

    @Test(
      "a body still arriving ends the fetch at the deadline, and the connection is closed",
      arguments: [false, true])
    func bodyAtTheDeadline(behindRedirect: Bool) async throws {
      try await LoopbackHTTPServer.with { server in
        let stream = LoopbackStream(framing: .closeDelimited)
        if behindRedirect {
          server.enqueue(at: "/t", .redirect(to: "/final", body: .stream(stream)))
          // Where a platform that reports the redirect at its head (Apple's) goes next.
          server.enqueue(at: "/final", .stall)
        } else {
          server.enqueue(at: "/t", .stream(stream))
        }
        let time = ManualTimeSource(now: TestTime.start)
        let fetch = Task {
          try await client(time).send(
            HTTPRequest(url: server.url("/t")), timeout: .seconds(60),
            maximumBodyBytes: 1_000_000_000)
        }
        await stream.waitUntilConnected()
        for _ in 0..<8 { stream.send(Self.chunk) }
        await time.waitForSleepers(count: 1)
        time.advance(by: .seconds(60))
        await #expect(throws: HTTPError.timeout) { try await fetch.value }
        // The task was cancelled and its session invalidated: the platform hung up.
        await stream.waitUntilEnded()
        await server.waitUntilNoOpenConnections()
      }
    }

    @Test(
      "a body arriving past the limit stops there, with the clock standing still, and the connection is closed"
    )
    func bodyPastTheLimit() async throws {
      try await LoopbackHTTPServer.with { server in
        let stream = LoopbackStream(framing: .closeDelimited)
        server.enqueue(at: "/t", .stream(stream))
        for _ in 0..<16 { stream.send(Self.chunk) }
        await #expect(throws: HTTPError.bodyTooLarge(limit: 100_000)) {
          try await client(ManualTimeSource(now: TestTime.start)).send(
            HTTPRequest(url: server.url("/t")), timeout: .seconds(60), maximumBodyBytes: 100_000)
        }
        await stream.waitUntilEnded()
        await server.waitUntilNoOpenConnections()
      }
    }

    @Test(
      "a redirect whose body a server sends without end still ends the fetch at the deadline",
      arguments: [false, true])
    func floodedRedirectBody(chunked: Bool) async throws {
      try await LoopbackHTTPServer.with { server in
        server.enqueue(
          at: "/old",
          .redirect(to: "/final", body: .endless(chunk: Array(Self.chunk.utf8), chunked: chunked))
        )
        server.enqueue(at: "/final", .stall)
        let time = ManualTimeSource(now: TestTime.start)
        let fetch = Task {
          try await client(time).send(
            HTTPRequest(url: server.url("/old")), timeout: .seconds(60),
            maximumBodyBytes: 1_000_000_000)
        }
        _ = await server.waitForRequests(count: 1)
        await time.waitForSleepers(count: 1)
        time.advance(by: .seconds(60))
        await #expect(throws: HTTPError.timeout) { try await fetch.value }
        await server.waitUntilNoOpenConnections()
      }
    }

    @Test(
      "a body a server sends without end stops at the limit, with the clock standing still",
      arguments: [false, true])
    func floodedBody(chunked: Bool) async throws {
      try await LoopbackHTTPServer.with { server in
        server.enqueue(at: "/t", .endless(chunked: chunked))
        await #expect(throws: HTTPError.bodyTooLarge(limit: 100_000)) {
          try await client(ManualTimeSource(now: TestTime.start)).send(
            HTTPRequest(url: server.url("/t")), timeout: .seconds(60), maximumBodyBytes: 100_000)
        }
        await server.waitUntilNoOpenConnections()
      }
    }

    @Test("a redirect is followed by the exchange itself, not by URLSession")
    func redirectFollowed() async throws {
      try await LoopbackHTTPServer.with { server in
        server.enqueue(at: "/old", .redirect(to: "/final", status: 307))
        server.enqueue(at: "/final", .ok(#"{"ok":true}"#))
        let response = try await client(ManualTimeSource(now: TestTime.start)).send(
          HTTPRequest(url: server.url("/old")), timeout: .seconds(60), maximumBodyBytes: 1_000)
        #expect(response.status == 200)
        #expect(response.url == server.url("/final"))
        #expect(server.requests.map(\.path) == ["/old", "/final"])
      }
    }
  }
#endif
