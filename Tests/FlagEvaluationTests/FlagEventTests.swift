import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import FlagEvaluation

@Suite("Provider events from a client")
struct FlagEventTests {
  static let failure = FetchError.source(.http(status: 503, retryAfter: nil))

  @Test("the machine: ready once a template is active, stale, error and recovery")
  func transcript() {
    var machine = FlagEventMachine(hasTemplate: false, isStale: false)
    #expect(machine.start() == [])
    #expect(machine.handle(.updated(keys: ["x"])) == [.configurationChanged(flagsChanged: ["x"])])
    #expect(machine.handle(.fetched(.newTemplate(versionNumber: 1))) == [])
    #expect(machine.handle(.activated(versionNumber: 1)) == [.ready])
    #expect(machine.handle(.updated(keys: ["a"])) == [.configurationChanged(flagsChanged: ["a"])])
    #expect(machine.handle(.activated(versionNumber: 2)) == [])
    #expect(machine.handle(.markedStale) == [.stale])
    #expect(
      machine.handle(.fetchFailed(Self.failure)) == [.error(.general, message: "\(Self.failure)")])
    #expect(machine.handle(.fetchFailed(Self.failure)).count == 1)
    // Clearing the stale mark while failing is no recovery yet; the fetch that answered is.
    #expect(machine.handle(.staleMarkCleared) == [])
    #expect(machine.handle(.fetched(.notModified)) == [.ready])
    #expect(machine.handle(.fetched(.notModified)) == [])
  }

  @Test("a failure before any template, then a template")
  func failingFirst() {
    var machine = FlagEventMachine(hasTemplate: false, isStale: false)
    #expect(machine.handle(.fetchFailed(Self.failure)).map(\.name) == ["PROVIDER_ERROR"])
    #expect(machine.handle(.fetched(.newTemplate(versionNumber: 1))) == [])
    #expect(machine.handle(.activated(versionNumber: 1)) == [.ready])
  }

  @Test(
    "a listener that starts late is told the status first",
    arguments: [
      (false, false, [FlagProviderEvent]()), (true, false, [.ready]), (true, true, [.stale]),
      (false, true, []),
    ])
  func late(hasTemplate: Bool, isStale: Bool, expected: [FlagProviderEvent]) {
    var machine = FlagEventMachine(hasTemplate: hasTemplate, isStale: isStale)
    #expect(machine.start() == expected)
  }

  @Test("through a client on the manual clock: ready, changed, stale, error, ready again")
  func client() async throws {
    let v1 = TemplateFixtures.template(version: 1, ["a": "1"])
    let v2 = TemplateFixtures.template(version: 2, ["a": "2"])
    let client = RemoteConfigClient(
      settings: RemoteConfigSettings(minimumFetchInterval: .zero),
      source: InMemoryTemplateSource([.template(v1), .serverError(503), .template(v2)]),
      timeSource: ManualTimeSource(now: TestTime.start))
    var events = client.flagEvents().makeAsyncIterator()
    let read = { (iterator: inout AsyncStream<FlagProviderEvent>.Iterator) in
      await client.delivered(&iterator) { event, marker in
        if case .configurationChanged(let keys) = event { return keys.contains(marker) }
        return false
      }
    }
    await client.restore()
    #expect(await read(&events) == [])
    try await client.fetchAndActivate()
    #expect(await read(&events) == [.ready, .configurationChanged(flagsChanged: ["a"])])
    await client.markStale()
    #expect(await read(&events) == [.stale])
    await #expect(throws: FetchError.self) { try await client.fetchAndActivate() }
    #expect(
      await read(&events) == [
        .error(.general, message: "fetch failed: HTTP 503")
      ])
    try await client.fetchAndActivate()
    #expect(await read(&events) == [.ready, .configurationChanged(flagsChanged: ["a"])])
    // A second listener, started now, hears at once that the client is ready.
    var late = client.flagEvents().makeAsyncIterator()
    #expect(await read(&late) == [.ready])
  }

  @Test(
    "a client that restores a stored template is ready, once: its first activation after is a change, not ready again"
  )
  func readyOnRestore() async throws {
    let store = InMemoryConfigStore()
    let clock = ManualTimeSource(now: TestTime.start)
    let settings = RemoteConfigSettings(minimumFetchInterval: .zero)
    // An earlier run fetched and activated version 1, which the store keeps.
    let earlier = RemoteConfigClient(
      settings: settings,
      source: InMemoryTemplateSource([.template(TemplateFixtures.template(version: 1, ["a": "1"]))]
      ),
      store: store, timeSource: clock)
    try await earlier.fetchAndActivate()
    let client = RemoteConfigClient(
      settings: settings,
      source: InMemoryTemplateSource([.template(TemplateFixtures.template(version: 2, ["a": "2"]))]
      ),
      store: store, timeSource: clock)
    var events = client.flagEvents().makeAsyncIterator()
    let read = { (iterator: inout AsyncStream<FlagProviderEvent>.Iterator) in
      await client.delivered(&iterator) { event, marker in
        if case .configurationChanged(let keys) = event { return keys.contains(marker) }
        return false
      }
    }
    #expect(await read(&events) == [])
    await client.restore()
    #expect(client.snapshot.template?.versionNumber == 1)
    // Ready, and the restored values changed what the client answered (the defaults alone).
    #expect(await read(&events) == [.ready, .configurationChanged(flagsChanged: ["a"])])
    try await client.fetchAndActivate()
    #expect(await read(&events) == [.configurationChanged(flagsChanged: ["a"])])
  }

  @Test("the stream ends when the client goes away")
  func ends() async {
    var client: RemoteConfigClient? = RemoteConfigClient(source: InMemoryTemplateSource())
    var events = client?.flagEvents().makeAsyncIterator()
    client = nil
    #expect(await events?.next() == nil)
  }
}
