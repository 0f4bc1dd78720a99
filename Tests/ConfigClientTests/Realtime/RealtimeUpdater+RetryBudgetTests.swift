import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

/// The real-time retry budget carried across launches through the client's state
/// (firebase-rc-client.md §2.4 step 7): the failed attempts in a row are saved, and a new
/// launch's updater has `max(budget - failures, 1)` reconnections left; a connection the
/// server accepts resets the count.
@Suite("RealtimeUpdater's retry budget across launches", .timeLimit(.minutes(3)))
struct RealtimeUpdaterRetryBudgetTests {
  /// Three reconnections, none waited for: the clock never has to move.
  static let settings = RealtimeSettings(
    reconnectBackoff: BackoffPolicy(
      initialDelay: .zero, multiplier: 1, maximumDelay: .zero, jitter: 0),
    reconnectAttempts: 3)
  static let refused = RefusalBySource.failure(
    "The service is unavailable.", status: 503, retryable: true)

  /// A client restored from `store` (a launch), and its updater's whole run over
  /// `connections`: the events and how many connections were tried.
  static func launch(
    store: InMemoryConfigStore, _ connections: [ScriptedRealtimeTransport.Connection],
    until stop: (RealtimeEvent) -> Bool = { _ in false }
  ) async -> (client: RemoteConfigClient, events: [RealtimeEvent], connects: Int) {
    let time = ManualTimeSource()
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource(), store: store, timeSource: time)
    await client.restore()
    let transport = ScriptedRealtimeTransport(connections)
    let updater = RealtimeUpdater(
      client: client, transport: transport, settings: settings, random: .constant(0.5))
    var events: [RealtimeEvent] = []
    for await event in updater.events() {
      events.append(event)
      if stop(event) { break }
    }
    return (client, events, transport.connectCount)
  }

  @Test("a launch whose attempts all failed leaves the next launch one reconnection")
  func reducedBudget() async throws {
    let store = InMemoryConfigStore()
    let refusals = Array(
      repeating: ScriptedRealtimeTransport.Connection.refuse(Self.refused), count: 8)
    let first = await Self.launch(store: store, refusals)
    #expect(first.connects == 4)
    #expect(first.events.last == .stopped(.retryBudgetExhausted(lastError: Self.refused)))
    #expect(await first.client.realtimeFailures == 4)

    let second = await Self.launch(store: store, refusals)
    #expect(second.connects == 2)
    #expect(second.events.last == .stopped(.retryBudgetExhausted(lastError: Self.refused)))
    #expect(await second.client.realtimeFailures == 6)
  }

  @Test("a connection the server accepts resets the saved failures: the next launch has all")
  func acceptedResets() async throws {
    let store = InMemoryConfigStore()
    _ = await Self.launch(
      store: store,
      [.refuse(Self.refused), .refuse(Self.refused)]
        + Array(repeating: .refuse(Self.refused), count: 2))
    let stream = ScriptedRealtimeStream()
    let accepted = await Self.launch(store: store, [.refuse(Self.refused), .open(stream)]) {
      $0 == .connected
    }
    #expect(accepted.connects == 2)
    #expect(await accepted.client.realtimeFailures == 0)
    let saved = try #require(try await store.load())
    #expect(!String(decoding: saved, as: UTF8.self).contains("\"realtime\""))

    let refusals = Array(
      repeating: ScriptedRealtimeTransport.Connection.refuse(Self.refused), count: 8)
    let next = await Self.launch(store: store, refusals)
    #expect(next.connects == 4)
  }
}
