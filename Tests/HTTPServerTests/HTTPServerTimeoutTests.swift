import Core
import SwitchyardTestSupport
import Testing

@testable import HTTPServer

/// Deadlines on a manual clock: a head must arrive within the head timeout from its first
/// byte (or from the connection's opening), a body must not fall silent for as long, and an
/// idle keep-alive connection closes quietly after the idle timeout. A slow or idle
/// connection never holds up the others.
///
/// Each test waits until the server has accepted its slow clients and read what they sent
/// (its loop runs on a thread of its own) before it moves the clock, so the clock finds them
/// where the test left them; a fast client is served alongside.
@Suite("HTTPServer timeouts")
struct HTTPServerTimeoutTests {
  /// A configuration on `time`, with the issue's timeouts (10 s head, 60 s idle).
  static func configuration(_ time: ManualTimeSource) -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.timeSource = time
    return configuration
  }

  /// Serves one request on a new connection and returns it, open.
  static func served(_ server: RunningServer) async throws -> TestClient {
    let client = try server.connect()
    try await client.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(try await client.readResponse().text == "GET /fast ")
    return client
  }

  @Test(
    "a head still incomplete after 10 s gets 408 and a close, while others are served",
    arguments: HTTPServerKeepAliveTests.pollers)
  func slowHead(poller: PollerKind) async throws {
    let time = ManualTimeSource(now: TestTime.start)
    try await RunningServer.with(Self.configuration(time), poller: poller) { server in
      let slow = try server.connect()
      let partial = "GET / HTTP/1.1\r\nHost: t\r\n"
      try await slow.send(partial)
      await server.waitUntil { $0.receivedBytes == partial.utf8.count }
      let fast = try await Self.served(server)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(10))
      let response = try await slow.readResponse()
      #expect(response.status == 408)
      #expect(
        response.text
          == #"{"errorCode":"GENERAL","errorDetails":"the request did not arrive within 10.0 seconds"}"#
      )
      #expect(try await slow.isClosedByServer())
      try await fast.send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try await fast.readResponse().text == "GET /again ")
    }
  }

  @Test("a new connection's head is timed from when it opened, not from its first byte")
  func firstByteLate() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    try await RunningServer.with(Self.configuration(time)) { server in
      let slow = try server.connect()
      await server.waitUntil { $0.activeConnections == 1 }
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(9))
      await time.waitForSleepers(count: 1)
      try await slow.send("G")
      await server.waitUntil { $0.receivedBytes == 1 }
      time.advance(by: .seconds(1))
      #expect(try await slow.readResponse().status == 408)
      #expect(try await slow.isClosedByServer())
    }
  }

  @Test("a connection that sends nothing is closed quietly after the head timeout")
  func silentConnection() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    try await RunningServer.with(Self.configuration(time)) { server in
      let silent = try server.connect()
      await server.waitUntil { $0.activeConnections == 1 }
      _ = try await Self.served(server)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(10))
      #expect(try await silent.readUntilClosed().isEmpty)
    }
  }

  @Test("a body that falls silent for 10 s gets 408 and a close")
  func silentBody() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    try await RunningServer.with(Self.configuration(time)) { server in
      let slow = try server.connect()
      let partial = "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc"
      try await slow.send(partial)
      await server.waitUntil { $0.receivedBytes == partial.utf8.count }
      _ = try await Self.served(server)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(10))
      #expect(try await slow.readResponse().status == 408)
      #expect(try await slow.isClosedByServer())
    }
  }

  @Test("an idle keep-alive connection outlives the head timeout and closes quietly after 60 s")
  func idleConnection() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    try await RunningServer.with(Self.configuration(time)) { server in
      let idle = try await Self.served(server)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(30))
      // The tick was seen once the ticker sleeps again; the connection is still served.
      await time.waitForSleepers(count: 1)
      try await idle.send("GET /still HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try await idle.readResponse().text == "GET /still ")
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(60))
      #expect(try await idle.readUntilClosed().isEmpty)
    }
  }
}
