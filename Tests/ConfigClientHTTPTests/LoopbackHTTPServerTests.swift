import ConfigClient
import ConfigClientHTTP
import Foundation
import SwitchyardTestSupport
import Testing

/// The test server itself must be trustworthy: its own port, a clean stop whatever its
/// connections are doing, and a request log tests can wait on.
@Suite("LoopbackHTTPServer", .timeLimit(.minutes(3)))
struct LoopbackHTTPServerTests {
  @Test("servers started together get distinct ports")
  func distinctPorts() throws {
    let servers = try (0..<16).map { _ in try LoopbackHTTPServer() }
    defer { servers.forEach { $0.stop() } }
    #expect(Set(servers.map(\.port)).count == servers.count)
    #expect(servers.allSatisfy { $0.port != 0 })
  }

  @Test("stop ends stalled and streaming connections and leaves no thread or socket behind")
  func stopIsClean() async throws {
    let server = try LoopbackHTTPServer()
    let stream = LoopbackStream()
    server.enqueue(at: "/stall", .stall)
    server.enqueue(at: "/stream", .stream(stream))
    let stalled = Task {
      try? await HTTPTemplateSource(url: server.url("/stall"))
        .fetchTemplate(TemplateFetchRequest(timeout: .seconds(60)))
    }
    let streaming = try await HTTPRealtimeTransport(url: server.url("/stream")).connect()
    _ = await server.waitForRequests(count: 2)
    #expect(server.openConnectionCount == 2)
    #expect(server.liveThreadCount == 3)
    server.stop()
    #expect(server.liveThreadCount == 0)
    #expect(server.openConnectionCount == 0)
    await stream.waitUntilEnded()
    _ = await stalled.value
    var iterator = streaming.makeAsyncIterator()
    await #expect(throws: RealtimeStreamError.self) {
      while try await iterator.next() != nil {}
    }
    server.stop()
  }

  @Test("a stopped server refuses connections and releases request waiters")
  func stoppedServer() async throws {
    let server = try LoopbackHTTPServer()
    let waiting = Task { await server.waitForRequests(count: 5) }
    server.stop()
    #expect(await waiting.value.isEmpty)
    await #expect(throws: TemplateSourceError.self) {
      try await HTTPTemplateSource(url: server.url("/t"))
        .fetchTemplate(TemplateFetchRequest(timeout: .seconds(10)))
    }
  }

  @Test("scripted answers come first, in order, then the handler, then 404")
  func scripting() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .status(500), .status(503))
      let source = HTTPTemplateSource(url: server.url("/t?query=1"))
      var statuses: [Int] = []
      for _ in 0..<3 {
        do throws(TemplateSourceError) {
          _ = try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(10)))
        } catch {
          if case .http(let status, _) = error { statuses.append(status) }
        }
      }
      #expect(statuses == [500, 503, 404])
      #expect(server.requests.map(\.path) == ["/t", "/t", "/t"])
      #expect(server.requests.first?.target == "/t?query=1")
    }
  }
}
