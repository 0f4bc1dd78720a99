import ConfigClient
import ConfigClientHTTP
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// The whole real-time flow over real HTTP: a loopback server streams invalidations and
/// serves the template; the client fetches it over HTTP and the updater reports the update.
@Suite("Real-time updates end to end over HTTP", .timeLimit(.minutes(3)))
struct RealtimeEndToEndTests {
  static let v1 = TemplateFixtures.template(version: 1, ["greeting": "hi", "color": "red"])
  static let v2 = TemplateFixtures.template(version: 2, ["greeting": "hello", "color": "blue"])

  /// A client with version 1 of `/template` active, and an updater on `/stream`; the
  /// updater sleeps on `time`, the client on its own clock.
  struct Setup {
    let time = ManualTimeSource()
    let client: RemoteConfigClient
    let updater: RealtimeUpdater

    init(server: LoopbackHTTPServer, autoActivate: Bool = true) async throws {
      server.serveTemplate(at: "/template", RealtimeEndToEndTests.v1, etag: "\"v1\"")
      client = RemoteConfigClient(
        settings: RemoteConfigSettings(autoActivate: autoActivate),
        source: HTTPTemplateSource(url: server.url("/template")),
        timeSource: ManualTimeSource(), random: .constant(0.5))
      try await client.fetchAndActivate()
      // Random 0: no delay before fetching, and the shortest reconnection backoff (1 s).
      updater = RealtimeUpdater(
        client: client, transport: HTTPRealtimeTransport(url: server.url("/stream")),
        timeSource: time, random: .constant(0))
    }
  }

  @Test("the server announces a new version; the client fetches it and the update is activated")
  func pushFetchActivate() async throws {
    try await LoopbackHTTPServer.with { server in
      let setup = try await Setup(server: server)
      let stream = LoopbackStream()
      server.enqueue(at: "/stream", .stream(stream))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      server.serveTemplate(at: "/template", Self.v2, etag: "\"v2\"")
      stream.send("{\"latestTemplateVersionNumber\": 2}\n")
      #expect(
        await events.next() == .activated(versionNumber: 2, updatedKeys: ["greeting", "color"]))
      #expect(setup.client.snapshot["color"].rawValue == "blue")
      let templateRequests = server.requests.filter { $0.path == "/template" }
      #expect(templateRequests.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
    }
  }

  @Test("without auto-activation the update is fetched over HTTP and left for activate()")
  func pushFetchOnly() async throws {
    try await LoopbackHTTPServer.with { server in
      let setup = try await Setup(server: server, autoActivate: false)
      let stream = LoopbackStream(framing: .closeDelimited)
      server.enqueue(at: "/stream", .stream(stream))
      server.serveTemplate(at: "/template", Self.v2, etag: "\"v2\"")
      var events = setup.updater.events().makeAsyncIterator()
      stream.send("data: {\"latestTemplateVersionNumber\": \"2\"}\n\n")
      #expect(await events.next() == .connected)
      #expect(await events.next() == .fetched(versionNumber: 2))
      #expect(setup.client.snapshot.versionNumber == 1)
      #expect(await setup.client.activate() == ["greeting", "color"])
    }
  }

  @Test("featureDisabled over SSE stops the updater and closes the connection")
  func featureDisabled() async throws {
    try await LoopbackHTTPServer.with { server in
      let setup = try await Setup(server: server)
      let stream = LoopbackStream()
      server.enqueue(at: "/stream", .stream(stream))
      stream.send(": hello\n\nevent: config\ndata: {\"featureDisabled\": true}\n\n")
      var events: [RealtimeEvent] = []
      for await event in setup.updater.events() { events.append(event) }
      #expect(events == [.connected, .stopped(.featureDisabled)])
      await stream.waitUntilEnded()
      #expect(server.requests.filter { $0.path == "/stream" }.count == 1)
    }
  }

  @Test("when the server drops the stream the updater reconnects and still gets the update")
  func reconnectAfterDrop() async throws {
    try await LoopbackHTTPServer.with { server in
      let setup = try await Setup(server: server)
      let first = LoopbackStream()
      let second = LoopbackStream()
      server.enqueue(at: "/stream", .stream(first), .status(503), .stream(second))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      first.cut()
      let dropped = try #require(await events.next())
      guard case .disconnected(.connectivity?, let delay) = dropped else {
        Issue.record("expected a broken connection, got \(dropped)")
        return
      }
      #expect(delay == .seconds(1))
      await setup.time.waitForSleepers(count: 1)
      setup.time.advance(by: delay)
      #expect(
        await events.next()
          == .disconnected(.http(status: 503, retryAfter: nil), retryingAfter: .seconds(2)))
      await setup.time.waitForSleepers(count: 1)
      setup.time.advance(by: .seconds(2))
      #expect(await events.next() == .connected)
      server.serveTemplate(at: "/template", Self.v2, etag: "\"v2\"")
      second.send("{\"latestTemplateVersionNumber\": 2}\n")
      #expect(
        await events.next() == .activated(versionNumber: 2, updatedKeys: ["greeting", "color"]))
      #expect(server.requests.filter { $0.path == "/stream" }.count == 3)
    }
  }
}
