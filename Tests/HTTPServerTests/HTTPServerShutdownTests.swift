import Core
import SwitchyardTestSupport
import Testing

@testable import HTTPServer

/// `shutdown(gracePeriod:)`: the listener closes at once, idle connections close at once,
/// requests in flight finish (answered with `Connection: close`) within the grace period,
/// streams end with their last chunk, and after the grace period everything closes and the
/// handlers still running are cancelled.
@Suite("HTTPServer shutdown")
struct HTTPServerShutdownTests {
  /// A handler that answers `/slow` once `release` opens (saying `started` first), and
  /// echoes the rest.
  struct SlowHandler {
    let started = SignalLatch()
    let release = SignalLatch()
    let cancelled = SignalLatch()

    var handler: HTTPServerHandler {
      { [started, release, cancelled] request in
        guard request.path == "/slow" else { return await RunningServer.echo(request) }
        started.open()
        await withTaskCancellationHandler {
          await release.wait()
        } onCancel: {
          cancelled.open()
          release.open()
        }
        return HTTPServerResponse(status: 200, body: .bytes(Array("slow done".utf8)))
      }
    }
  }

  @Test("idle connections close at once; a request in flight finishes, answered with a close")
  func graceful() async throws {
    let slow = SlowHandler()
    let time = ManualTimeSource(now: TestTime.start)
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.timeSource = time
    try await RunningServer.with(configuration, handler: slow.handler) { server in
      let idle = try server.connect()
      try await idle.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
      _ = try await idle.readResponse()
      let busy = try server.connect()
      try await busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
      await slow.started.wait()
      async let stopped: Void = server.server.shutdown(gracePeriod: .seconds(10))
      #expect(try await idle.isClosedByServer())
      // The listener is closed by now: nobody new gets in.
      #expect(throws: TestClient.Failure.self) { try server.connect() }
      slow.release.open()
      let response = try await busy.readResponse()
      #expect(response.text == "slow done")
      #expect(response.header("Connection") == "close")
      #expect(try await busy.isClosedByServer())
      // The server reads what a closing client still sends until it closes too.
      busy.close()
      await stopped
      #expect(!slow.cancelled.isOpen)
      #expect(server.server.activeConnections == 0)
    }
  }

  @Test("after the grace period, running handlers are cancelled and their connections closed")
  func graceEnds() async throws {
    let slow = SlowHandler()
    let time = ManualTimeSource(now: TestTime.start)
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.timeSource = time
    try await RunningServer.with(configuration, handler: slow.handler) { server in
      let busy = try server.connect()
      try await busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
      await slow.started.wait()
      async let stopped: Void = server.server.shutdown(gracePeriod: .seconds(5))
      // The server's ticker and the grace period.
      await time.waitForSleepers(count: 2)
      time.advance(by: .seconds(5))
      await stopped
      await slow.cancelled.wait()
      #expect(try await busy.readUntilClosed().isEmpty)
    }
  }

  @Test("a streaming response ends with its last chunk, and its stream ends for its producer")
  func streamEnds() async throws {
    let terminated = SignalLatch()
    let handler: HTTPServerHandler = { _ in
      let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
      continuation.onTermination = { _ in terminated.open() }
      continuation.yield(Array("data: 1\n\n".utf8))
      return HTTPServerResponse(
        status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(stream))
    }
    try await RunningServer.with(handler: handler) { server in
      let client = try server.connect()
      try await client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      let head = try await client.readHead()
      #expect(head.contains("Transfer-Encoding: chunked\r\n"))
      #expect(try await client.read(through: "9\r\ndata: 1\n\n\r\n") == "9\r\ndata: 1\n\n\r\n")
      async let stopped: Void = server.server.shutdown(gracePeriod: .seconds(10))
      #expect(try await client.readUntilClosed() == Array("0\r\n\r\n".utf8))
      client.close()
      await stopped
      await terminated.wait()
    }
  }

  @Test("a server never started just stops; shutting down twice waits for the same end")
  func idempotent() async throws {
    let never = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { _ in
      HTTPServerResponse()
    }
    await never.shutdown(gracePeriod: .zero)
    #expect(throws: HTTPServerError.alreadyStarted) { try never.start() }
    try await RunningServer.with { server in
      await server.server.shutdown(gracePeriod: .seconds(1))
      await server.server.shutdown(gracePeriod: .seconds(1))
      #expect(throws: TestClient.Failure.self) { try server.connect() }
    }
  }
}
