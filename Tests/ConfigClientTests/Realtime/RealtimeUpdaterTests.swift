import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// The real-time updater's rules, over a scripted transport and an in-memory source, with
/// time driven by hand.
@Suite("RealtimeUpdater", .timeLimit(.minutes(3)))
struct RealtimeUpdaterTests {
  static let v1 = TemplateFixtures.template(version: 1, ["greeting": "hi", "color": "red"])
  static let v2 = TemplateFixtures.template(version: 2, ["greeting": "hello", "color": "red"])

  /// A client with version 1 active, an updater over `connections`, and their clocks.
  ///
  /// The updater sleeps on its own clock, so a test that waits for a sleeper there knows it
  /// is the updater's, not the client's fetch timeout; `advance` moves both clocks together.
  struct Harness {
    let time = ManualTimeSource()
    let clientTime = ManualTimeSource()
    let source: InMemoryTemplateSource
    let client: RemoteConfigClient
    let transport: ScriptedRealtimeTransport
    let updater: RealtimeUpdater

    init(
      autoActivate: Bool = true, then steps: [InMemoryTemplateSource.Step],
      connections: [ScriptedRealtimeTransport.Connection],
      settings: RealtimeSettings = RealtimeSettings(), random: Double = 0.5
    ) async throws {
      source = InMemoryTemplateSource([.template(RealtimeUpdaterTests.v1, etag: "\"1\"")] + steps)
      client = RemoteConfigClient(
        settings: RemoteConfigSettings(autoActivate: autoActivate), source: source,
        timeSource: clientTime, random: .constant(0.5))
      try await client.fetchAndActivate()
      transport = ScriptedRealtimeTransport(connections)
      updater = RealtimeUpdater(
        client: client, transport: transport, settings: settings, timeSource: time,
        random: .constant(random))
    }

    /// Moves both clocks forward, the client's first.
    func advance(by duration: Duration) {
      clientTime.advance(by: duration)
      time.advance(by: duration)
    }
  }

  static let announce2 = "{\"latestTemplateVersionNumber\": 2}\n"

  @Test("a newer version is fetched after the random delay and activated with the changed keys")
  func fetchesAndActivates() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(
      then: [.template(Self.v2, etag: "\"2\"")], connections: [.open(stream)])
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send(Self.announce2)
    // 0.5 of the 4 s maximum delay: nothing is fetched before it has passed.
    await harness.time.waitForSleepers(count: 1)
    #expect(harness.source.requestCount == 1)
    harness.advance(by: .seconds(2))
    #expect(await events.next() == .activated(versionNumber: 2, updatedKeys: ["greeting"]))
    #expect(harness.client.snapshot["greeting"].rawValue == "hello")
    #expect(harness.source.requests == [nil, "\"1\""])
  }

  @Test("without auto-activation the update is reported as fetched and nothing is activated")
  func fetchesOnly() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(
      autoActivate: false, then: [.template(Self.v2, etag: "\"2\"")],
      connections: [.open(stream)], random: 0)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send(Self.announce2)
    #expect(await events.next() == .fetched(versionNumber: 2))
    #expect(harness.client.snapshot.versionNumber == 1)
    #expect(await harness.client.hasPendingActivation)
    // The same announcement again is not delivered twice.
    stream.send(Self.announce2 + "{\"featureDisabled\": true}\n")
    #expect(await events.next() == .stopped(.featureDisabled))
    #expect(harness.source.requestCount == 2)
  }

  @Test("a version that is not newer than the active one fetches nothing")
  func ignoresOldVersions() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(then: [], connections: [.open(stream)], random: 0)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send("{\"latestTemplateVersionNumber\": 1}\n{\"latestTemplateVersionNumber\": 0}\n")
    stream.send("{\"featureDisabled\": true}\n")
    #expect(await events.next() == .stopped(.featureDisabled))
    #expect(harness.source.requestCount == 1)
  }

  @Test("fetches are retried until the fetched version reaches the announced one")
  func retriesUntilVersionReached() async throws {
    let stream = ScriptedRealtimeStream()
    // A CDN still serving version 1, then a connection error, then version 2.
    let harness = try await Harness(
      then: [
        .template(Self.v1, etag: "\"1\""), .connectivity(), .template(Self.v2, etag: "\"2\""),
      ],
      connections: [.open(stream)], settings: RealtimeSettings(fetchAttempts: 3), random: 0)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send(Self.announce2)
    #expect(await events.next() == .activated(versionNumber: 2, updatedKeys: ["greeting"]))
    #expect(harness.source.requestCount == 4)
  }

  @Test("when no attempt reaches the version, the failure is reported and the stream goes on")
  func fetchFailed() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(
      then: [.connectivity(), .template(Self.v1, etag: "\"1\""), .timeout],
      connections: [.open(stream)], settings: RealtimeSettings(fetchAttempts: 3), random: 0)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send(Self.announce2)
    #expect(await events.next() == .fetchFailed(targetVersion: 2, lastError: .source(.timeout)))
    // A fetch that succeeded but stayed behind reports no error.
    for _ in 1...3 { harness.source.enqueue(.template(Self.v1, etag: "\"1\"")) }
    stream.send("{\"latestTemplateVersionNumber\": 3}\n")
    #expect(
      await events.next()
        == .fetchFailed(targetVersion: 3, lastError: nil))
  }

  @Test(
    "an announced version no attempt could fetch leaves the client stale, so the next fetch goes out"
  )
  func staysStale() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(
      then: [.connectivity(), .connectivity()], connections: [.open(stream)],
      settings: RealtimeSettings(fetchAttempts: 2), random: 0)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send(Self.announce2)
    #expect(
      await events.next()
        == .fetchFailed(targetVersion: 2, lastError: .source(.connectivity("connection refused"))))
    #expect(harness.client.isStale)
    harness.source.enqueue(.template(Self.v2, etag: "\"2\""))
    #expect(try await harness.client.fetch() == .newTemplate(versionNumber: 2))
    #expect(!harness.client.isStale)
  }

  @Test("a throttled client is not asked to fetch before the throttle ends")
  func respectsThrottle() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(
      then: [.tooManyRequests(retryAfter: .seconds(120)), .template(Self.v2, etag: "\"2\"")],
      connections: [.open(stream)], random: 0)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send(Self.announce2)
    await harness.time.waitForSleepers(count: 1)
    #expect(harness.source.requestCount == 2)
    #expect(await harness.client.throttledUntil == harness.time.now.addingTimeInterval(120))
    harness.advance(by: .seconds(119))
    #expect(harness.source.requestCount == 2)
    harness.advance(by: .seconds(1))
    #expect(await events.next() == .activated(versionNumber: 2, updatedKeys: ["greeting"]))
    #expect(harness.source.requestCount == 3)
  }

  @Test("featureDisabled stops the updater, reports it and closes the stream")
  func featureDisabled() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(then: [], connections: [.open(stream)])
    var collected: [RealtimeEvent] = []
    let events = harness.updater.events()
    stream.send("data: {\"featureDisabled\": true}\n\n")
    for await event in events { collected.append(event) }
    #expect(collected == [.connected, .stopped(.featureDisabled)])
    await stream.waitUntilTerminated()
    #expect(harness.transport.connectCount == 1)
  }

  @Test("a dropped stream is reconnected with exponential backoff")
  func reconnects() async throws {
    let first = ScriptedRealtimeStream()
    let second = ScriptedRealtimeStream()
    let harness = try await Harness(
      then: [.template(Self.v2, etag: "\"2\"")],
      connections: [.open(first), .refuse(.connectivity("refused")), .open(second)],
      random: 0.5)
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    first.end()
    #expect(await events.next() == .disconnected(nil, retryingAfter: .seconds(2)))
    await harness.time.waitForSleepers(count: 1)
    #expect(harness.transport.connectCount == 1)
    harness.advance(by: .seconds(2))
    #expect(
      await events.next() == .disconnected(.connectivity("refused"), retryingAfter: .seconds(4)))
    await harness.time.waitForSleepers(count: 1)
    harness.advance(by: .seconds(4))
    #expect(await events.next() == .connected)
    second.send(Self.announce2)
    await harness.time.waitForSleepers(count: 1)
    harness.advance(by: .seconds(2))
    #expect(await events.next() == .activated(versionNumber: 2, updatedKeys: ["greeting"]))
  }

  @Test("past the retry budget the updater stops with the last error")
  func retryBudget() async throws {
    let refused = RealtimeStreamError.connectivity("refused")
    let harness = try await Harness(
      then: [], connections: [.refuse(refused), .refuse(.timeout), .refuse(refused)],
      settings: RealtimeSettings(reconnectAttempts: 2))
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .disconnected(refused, retryingAfter: .seconds(2)))
    await harness.time.waitForSleepers(count: 1)
    harness.advance(by: .seconds(2))
    #expect(await events.next() == .disconnected(.timeout, retryingAfter: .seconds(4)))
    await harness.time.waitForSleepers(count: 1)
    harness.advance(by: .seconds(4))
    #expect(await events.next() == .stopped(.retryBudgetExhausted(lastError: refused)))
    #expect(await events.next() == nil)
    #expect(harness.transport.connectCount == 3)
  }

  @Test("a stream the server refuses with a 4xx stops at once")
  func rejected() async throws {
    let forbidden = RealtimeStreamError.http(status: 403, retryAfter: nil)
    let harness = try await Harness(then: [], connections: [.refuse(forbidden)])
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .stopped(.rejected(forbidden)))
    #expect(await events.next() == nil)
  }

  @Test("retryIntervalSeconds holds the next reconnection back")
  func retryInterval() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(then: [], connections: [.open(stream)])
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send("{\"retryIntervalSeconds\": 90}\n")
    stream.fail(.connectivity("reset"))
    #expect(
      await events.next() == .disconnected(.connectivity("reset"), retryingAfter: .seconds(90)))
  }

  @Test("an unreadable or oversized message is reported and the stream goes on")
  func rejectsMessages() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(
      then: [], connections: [.open(stream)],
      settings: RealtimeSettings(maximumMessageBytes: 64))
    var events = harness.updater.events().makeAsyncIterator()
    #expect(await events.next() == .connected)
    stream.send("{\"latestTemplateVersionNumber\": \"two\"}\n")
    let rejected = try #require(await events.next())
    guard case .messageRejected(let text) = rejected else {
      Issue.record("expected a rejected message, got \(rejected)")
      return
    }
    #expect(text.contains("latestTemplateVersionNumber"))
    stream.send("{\"x\": \"" + String(repeating: "x", count: 100) + "\"}\n")
    #expect(await events.next() == .messageRejected("a message longer than 64 bytes was skipped"))
    stream.send("{\"featureDisabled\": true}\n")
    #expect(await events.next() == .stopped(.featureDisabled))
  }

  @Test("a reader that stops iterating closes the connection")
  func stopReading() async throws {
    let stream = ScriptedRealtimeStream()
    let harness = try await Harness(then: [], connections: [.open(stream)])
    do {
      var events = harness.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
    }
    await stream.waitUntilTerminated()
    #expect(harness.transport.connectCount == 1)
  }
}
