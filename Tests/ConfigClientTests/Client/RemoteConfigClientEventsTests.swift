import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("What happens to a client, as events")
struct RemoteConfigClientEventsTests {
  static let v1 = TemplateFixtures.template(version: 1, ["a": "1"])
  static let v2 = TemplateFixtures.template(version: 2, ["a": "2", "b": "x"])
  static let always = RemoteConfigSettings(minimumFetchInterval: .zero)

  @Test("a fetch that brings a template, then its activation, then the values it changed")
  func fetchAndActivate() async throws {
    let harness = ClientHarness([.template(Self.v1, etag: "e1"), .notModified])
    var events = harness.client.events().makeAsyncIterator()
    try await harness.client.fetchAndActivate()
    #expect(
      await harness.client.deliveredEvents(&events) == [
        .fetched(.newTemplate(versionNumber: 1)), .activated(versionNumber: 1),
        .updated(keys: ["a"]),
      ])
    _ = try await harness.client.fetch(ignoringMinimumInterval: true)
    #expect(await harness.client.deliveredEvents(&events) == [.fetched(.notModified)])
    // Within the interval nothing is asked, and nothing is said.
    _ = try await harness.client.fetch()
    #expect(await harness.client.deliveredEvents(&events) == [])
  }

  @Test("with autoActivate, the fetch's event comes before the activation it made")
  func autoActivation() async throws {
    let harness = ClientHarness(
      [.template(Self.v1)], settings: RemoteConfigSettings(autoActivate: true))
    var events = harness.client.events().makeAsyncIterator()
    _ = try await harness.client.fetch()
    #expect(
      await harness.client.deliveredEvents(&events) == [
        .fetched(.newTemplate(versionNumber: 1)), .activated(versionNumber: 1),
        .updated(keys: ["a"]),
      ])
  }

  @Test("the stale mark is announced when set and when a fetch clears it, and read at once")
  func stale() async throws {
    let harness = ClientHarness([.template(Self.v1), .template(Self.v2)])
    var events = harness.client.events().makeAsyncIterator()
    try await harness.client.fetchAndActivate()
    _ = await harness.client.deliveredEvents(&events)
    #expect(!harness.client.isStale)
    await harness.client.markStale()
    await harness.client.markStale()
    #expect(harness.client.isStale)
    #expect(await harness.client.deliveredEvents(&events) == [.markedStale])
    try await harness.client.fetchAndActivate()
    #expect(!harness.client.isStale)
    #expect(
      await harness.client.deliveredEvents(&events) == [
        .staleMarkCleared, .fetched(.newTemplate(versionNumber: 2)), .activated(versionNumber: 2),
        .updated(keys: ["a", "b"]),
      ])
  }

  @Test("a failed fetch, and a fetch the throttle refuses, are each an event with the error")
  func failures() async throws {
    let harness = ClientHarness([.serverError(503), .tooManyRequests()], settings: Self.always)
    var events = harness.client.events().makeAsyncIterator()
    await #expect(throws: FetchError.self) { try await harness.client.fetch() }
    await #expect(throws: FetchError.self) { try await harness.client.fetch() }
    let until = try #require(await harness.client.throttledUntil)
    await #expect(throws: FetchError.throttled(until: until)) { try await harness.client.fetch() }
    #expect(
      await harness.client.deliveredEvents(&events) == [
        .fetchFailed(.source(.http(status: 503, retryAfter: nil))),
        .fetchFailed(.source(.http(status: 429, retryAfter: nil))),
        .fetchFailed(.throttled(until: until)),
      ])
  }

  @Test("a refused template is a failed fetch; what was active stays")
  func refusedTemplate() async throws {
    let harness = ClientHarness([.malformed()])
    var events = harness.client.events().makeAsyncIterator()
    await #expect(throws: FetchError.self) { try await harness.client.fetch() }
    let delivered = await harness.client.deliveredEvents(&events)
    #expect(delivered.count == 1)
    guard case .fetchFailed(.invalidTemplate)? = delivered.first else {
      Issue.record("expected a refused template, got \(delivered)")
      return
    }
  }

  @Test("restoring a saved template (and its stale mark) is announced before its values")
  func restored() async throws {
    let first = ClientHarness([.template(Self.v1)])
    try await first.client.fetchAndActivate()
    await first.client.markStale()
    let second = first.restarted()
    var events = second.client.events().makeAsyncIterator()
    #expect(!second.client.isStale)
    await second.client.restore()
    #expect(second.client.isStale)
    #expect(
      await second.client.deliveredEvents(&events) == [
        .markedStale, .restored(versionNumber: 1), .updated(keys: ["a"]),
      ])
    // A second restore finds the template already active: nothing new to say.
    await second.client.restore()
    #expect(await second.client.deliveredEvents(&events) == [])
  }

  @Test("values changed by new defaults are an update with their keys")
  func defaultsChanged() async {
    let harness = ClientHarness()
    var events = harness.client.events().makeAsyncIterator()
    await harness.client.setDefaults(["x": "1"])
    #expect(await harness.client.deliveredEvents(&events) == [.updated(keys: ["x"])])
  }
}
