import ConfigClient
import ConfigClientHTTP
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// `HTTPRealtimeTransport` against a real HTTP server on 127.0.0.1: bytes arrive as they are
/// sent, every failure is a `RealtimeStreamError`, and a reader that leaves closes the
/// connection.
@Suite("HTTPRealtimeTransport through a loopback server", .timeLimit(.minutes(3)))
struct HTTPRealtimeTransportTests {
  /// Reads from `iterator` until the text received ends with `expected`.
  static func read(
    _ expected: String, from iterator: inout AsyncThrowingStream<[UInt8], any Error>.Iterator
  ) async throws -> String {
    var text = ""
    while !text.hasSuffix(expected), let chunk = try await iterator.next() {
      text += String(decoding: chunk, as: UTF8.self)
    }
    return text
  }

  @Test(
    "each message arrives while the response is still open, and the stream ends with it",
    arguments: [LoopbackStream.Framing.chunked, .closeDelimited])
  func streams(framing: LoopbackStream.Framing) async throws {
    try await LoopbackHTTPServer.with { server in
      let stream = LoopbackStream(framing: framing)
      server.enqueue(at: "/stream", .stream(stream))
      let transport = HTTPRealtimeTransport(
        url: server.url("/stream"), headers: ["Authorization": "Bearer t"])
      var bytes = try await transport.connect().makeAsyncIterator()
      stream.send("{\"latestTemplateVersionNumber\": 1}\n")
      #expect(try await Self.read("\n", from: &bytes) == "{\"latestTemplateVersionNumber\": 1}\n")
      stream.send("data: {\"featureDisabled\": true}\n\n")
      #expect(try await Self.read("\n\n", from: &bytes) == "data: {\"featureDisabled\": true}\n\n")
      stream.close()
      #expect(try await bytes.next() == nil)
      let request = try #require(server.requests.first)
      #expect(request.header("Accept") == "text/event-stream, application/json")
      #expect(request.header("Authorization") == "Bearer t")
    }
  }

  @Test("a status other than 200 is thrown with its Retry-After")
  func refusedWithStatus() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/stream", .status(503, headers: [("Retry-After", "30")]))
      let transport = HTTPRealtimeTransport(url: server.url("/stream"))
      await #expect(throws: RealtimeStreamError.http(status: 503, retryAfter: .seconds(30))) {
        _ = try await transport.connect()
      }
    }
  }

  @Test("a server that is not there is a connectivity error")
  func connectionRefused() async throws {
    let down = try ClosedLoopbackPort()
    defer { withExtendedLifetime(down) {} }
    let url = down.url("/stream")
    let error = await #expect(throws: RealtimeStreamError.self) {
      _ = try await HTTPRealtimeTransport(url: url).connect()
    }
    guard case .connectivity(let message) = error else {
      Issue.record("expected a connectivity error, got \(String(describing: error))")
      return
    }
    #expect(message.contains("connection refused"))
  }

  @Test("a chunked stream cut mid-response fails; a close-delimited one just ends")
  func cut() async throws {
    try await LoopbackHTTPServer.with { server in
      let chunked = LoopbackStream(framing: .chunked)
      let closeDelimited = LoopbackStream(framing: .closeDelimited)
      server.enqueue(at: "/chunked", .stream(chunked))
      server.enqueue(at: "/plain", .stream(closeDelimited))
      var broken = try await HTTPRealtimeTransport(url: server.url("/chunked")).connect()
        .makeAsyncIterator()
      chunked.send("{}\n")
      _ = try await Self.read("\n", from: &broken)
      chunked.cut()
      await #expect(throws: RealtimeStreamError.self) { _ = try await broken.next() }
      var ended = try await HTTPRealtimeTransport(url: server.url("/plain")).connect()
        .makeAsyncIterator()
      closeDelimited.send("{}\n")
      _ = try await Self.read("\n", from: &ended)
      closeDelimited.cut()
      #expect(try await ended.next() == nil)
    }
  }

  @Test("a stream silent past the idle timeout fails with a timeout")
  func idleTimeout() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/stream", .stream(LoopbackStream()))
      let transport = HTTPRealtimeTransport(url: server.url("/stream"), idleTimeout: .seconds(1))
      var bytes = try await transport.connect().makeAsyncIterator()
      await #expect(throws: RealtimeStreamError.timeout) { _ = try await bytes.next() }
    }
  }

  @Test("a reader that drops the stream closes the connection")
  func readerLeaves() async throws {
    try await LoopbackHTTPServer.with { server in
      let stream = LoopbackStream()
      server.enqueue(at: "/stream", .stream(stream))
      do {
        var bytes = try await HTTPRealtimeTransport(url: server.url("/stream")).connect()
          .makeAsyncIterator()
        stream.send("{}\n")
        #expect(try await Self.read("\n", from: &bytes) == "{}\n")
        #expect(server.openConnectionCount == 1)
      }
      // Were the connection left open, these waits would hang into the suite's time limit.
      await stream.waitUntilEnded()
      await server.waitUntilNoOpenConnections()
      #expect(server.openConnectionCount == 0)
      #expect(server.requests.count == 1)
    }
  }
}
