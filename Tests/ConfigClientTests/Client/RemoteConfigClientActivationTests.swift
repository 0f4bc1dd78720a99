import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

// A safety net, not a timing assertion: a missing update fails the test instead of
// hanging the run.
@Suite("RemoteConfigClient activation, context and updates", .timeLimit(.minutes(3)))
struct RemoteConfigClientActivationTests {
  let always = RemoteConfigSettings(minimumFetchInterval: .zero)

  @Test("activate returns the real diff: added, removed, and changed values")
  func diff() async throws {
    let v1 = TemplateFixtures.template(version: 1, ["a": "1", "b": "2", "c": "3"])
    let v2 = TemplateFixtures.template(version: 2, ["a": "1", "b": "20", "d": "4"])
    let harness = ClientHarness([.template(v1), .template(v2)], settings: always)
    #expect(await harness.client.activate() == [])
    _ = try await harness.client.fetch()
    #expect(await harness.client.activate() == ["a", "b", "c"])
    _ = try await harness.client.fetch()
    #expect(await harness.client.activate() == ["b", "c", "d"])
    #expect(harness.rawValues == ["a": "1", "b": "20", "d": "4"])
    #expect(harness.client.snapshot.versionNumber == 2)
  }

  @Test("a value that only changes source (in-app default to remote) counts as changed")
  func sourceChange() async throws {
    let harness = ClientHarness(
      [.template(TemplateFixtures.template(["a": "1"]))], defaults: InAppDefaults(["a": "1"]))
    #expect(harness.client.snapshot["a"] == ConfigValue(key: "a", rawValue: "1", source: .default))
    _ = try await harness.client.fetch()
    #expect(await harness.client.activate() == ["a"])
    #expect(harness.client.snapshot["a"].source == .remote)
  }

  @Test("activating an identical config returns an empty set and emits nothing")
  func identical() async throws {
    let harness = ClientHarness(
      [
        .template(TemplateFixtures.template(version: 1, ["a": "1"])),
        .template(TemplateFixtures.template(version: 2, ["a": "1"])),
        .template(TemplateFixtures.template(version: 3, ["a": "3"])),
      ], settings: always)
    var updates = harness.client.updates().makeAsyncIterator()
    _ = try await harness.client.fetchAndActivate()
    #expect(await harness.client.activate() == [])
    let sameValues = try await harness.client.fetchAndActivate()
    #expect(
      sameValues == FetchAndActivateResult(fetch: .newTemplate(versionNumber: 2), updatedKeys: []))
    #expect(harness.client.snapshot.versionNumber == 2)
    _ = try await harness.client.fetchAndActivate()
    // Versions 1 and 3 changed a value; the no-op activations in between emitted nothing.
    let delivered = await harness.client.deliveredUpdates(&updates)
    #expect(delivered.map(\.updatedKeys) == [["a"], ["a"]])
    #expect(delivered.map(\.snapshot.versionNumber) == [1, 3])
  }

  @Test("a snapshot held by a reader stays the same while a new one is activated")
  func immutableSnapshot() async throws {
    let harness = ClientHarness(
      [
        .template(TemplateFixtures.template(version: 1, ["a": "1"])),
        .template(TemplateFixtures.template(version: 2, ["a": "2"])),
      ], settings: always)
    _ = try await harness.client.fetchAndActivate()
    let held = harness.client.snapshot
    _ = try await harness.client.fetchAndActivate()
    #expect(held["a"].rawValue == "1" && held.versionNumber == 1)
    #expect(harness.client.snapshot["a"].rawValue == "2")
  }

  @Test("setContext re-evaluates without a network call and emits the keys that changed")
  func setContext() async throws {
    let template = TemplateFixtures.template(
      ["price": "10", "title": "x"], paidValues: ["price": "0"])
    let harness = ClientHarness([.template(template)])
    _ = try await harness.client.fetchAndActivate()
    var updates = harness.client.updates().makeAsyncIterator()
    let paid = EvaluationContext(customSignals: ["tier": "paid"])
    #expect(await harness.client.setContext(paid) == ["price"])
    #expect(await harness.client.setContext(paid) == [])
    let delivered = await harness.client.deliveredUpdates(&updates)
    #expect(delivered.map(\.updatedKeys) == [["price"]])
    #expect(delivered.first?.snapshot["price"].rawValue == "0")
    #expect(delivered.first?.snapshot.context == paid)
    #expect(harness.client.snapshot["price"].rawValue == "0")
    #expect(harness.source.requestCount == 1)
  }

  @Test("values(for:) evaluates the active template for another context and changes nothing")
  func valuesForContext() async throws {
    let template = TemplateFixtures.template(["price": "10"], paidValues: ["price": "0"])
    let harness = ClientHarness([.template(template)], defaults: InAppDefaults(["extra": "e"]))
    _ = try await harness.client.fetchAndActivate()
    let before = harness.client.snapshot
    let paid = harness.client.values(for: EvaluationContext(customSignals: ["tier": "paid"]))
    #expect(paid["price"].rawValue == "0")
    #expect(paid["extra"] == ConfigValue(key: "extra", rawValue: "e", source: .default))
    #expect(harness.client.snapshot["price"].rawValue == "10")
    #expect(await harness.client.context == EvaluationContext())
    #expect(harness.client.snapshot.evaluatedAt == before.evaluatedAt)
  }

  @Test("values(for:) runs concurrently for many contexts")
  func valuesConcurrently() async throws {
    let template = TemplateFixtures.template(["price": "10"], paidValues: ["price": "0"])
    let harness = ClientHarness([.template(template)])
    _ = try await harness.client.fetchAndActivate()
    let client = harness.client
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask {
          let tier = index.isMultiple(of: 2) ? "paid" : "free"
          let values = client.values(for: EvaluationContext(customSignals: ["tier": .string(tier)]))
          return values["price"].rawValue == (tier == "paid" ? "0" : "10")
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 64 && results.allSatisfy { $0 })
  }

  @Test("setDefaults replaces the whole set and emits what changed")
  func setDefaultsReplaces() async {
    let harness = ClientHarness(defaults: InAppDefaults(["a": "1", "b": "2"]))
    var updates = harness.client.updates().makeAsyncIterator()
    #expect(await harness.client.setDefaults(["b": "2", "c": "3"]) == ["a", "c"])
    #expect(harness.rawValues == ["b": "2", "c": "3"])
    #expect(await harness.client.setDefaults(["b": "2", "c": "3"]) == [])
    let delivered = await harness.client.deliveredUpdates(&updates)
    #expect(delivered.map(\.updatedKeys) == [["a", "c"]])
  }

  @Test("useInAppDefault in the template falls back to the in-app default")
  func useInAppDefault() async throws {
    let template = TemplateFixtures.template(["a": "remote"], paidValues: ["b": "paid"])
    let harness = ClientHarness([.template(template)], defaults: InAppDefaults(["b": "local"]))
    _ = try await harness.client.fetchAndActivate()
    #expect(
      harness.client.snapshot["b"] == ConfigValue(key: "b", rawValue: "local", source: .default))
  }

  @Test("each listener gets every update on its own stream")
  func severalListeners() async throws {
    let harness = ClientHarness([.template(TemplateFixtures.template(["a": "1"]))])
    var first = harness.client.updates().makeAsyncIterator()
    var second = harness.client.updates().makeAsyncIterator()
    #expect(harness.client.listenerCount == 2)
    _ = try await harness.client.fetchAndActivate()
    let toFirst = await harness.client.deliveredUpdates(&first)
    // The marker updates reached the second stream too; it reads them as updates.
    var toSecond: [Set<String>] = []
    for _ in 0..<3 { toSecond.append(await second.next()?.updatedKeys ?? []) }
    #expect(toFirst.map(\.updatedKeys) == [["a"]])
    #expect(toSecond.first == ["a"] && toSecond.count == 3)
  }

  @Test("a listener that stops iterating is removed")
  func listenerRemoved() async throws {
    let harness = ClientHarness([.template(TemplateFixtures.template(["a": "1"]))])
    let client = harness.client
    let listening = SignalLatch()
    let listener = Task {
      var count = 0
      let updates = client.updates()
      listening.open()
      for await _ in updates { count += 1 }
      return count
    }
    await listening.wait()
    #expect(client.listenerCount == 1)
    listener.cancel()
    #expect(await listener.value == 0)
    #expect(client.listenerCount == 0)
    do {
      let stream = client.updates()
      #expect(client.listenerCount == 1)
      _ = stream
    }
    #expect(client.listenerCount == 0)
    _ = try await client.fetchAndActivate()
  }
}
