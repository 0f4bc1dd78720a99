import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Synchronization
import Testing

// A safety net, not a timing assertion: a missing update fails the test instead of
// hanging the run.
@Suite("RemoteConfigClient under concurrent reads", .timeLimit(.minutes(3)))
struct RemoteConfigClientConcurrencyTests {
  /// Set once the activations are over, so readers know when to stop.
  final class Finished: Sendable {
    let flag = Atomic<Bool>(false)
  }

  @Test("readers in many tasks always see a complete snapshot while activations happen")
  func completeSnapshots() async throws {
    let versions = 40
    let keyCount = 30
    let steps = (1...versions).map {
      InMemoryTemplateSource.Step.template(
        TemplateFixtures.markedTemplate(version: $0, keys: keyCount))
    }
    let harness = ClientHarness(steps, settings: RemoteConfigSettings(minimumFetchInterval: .zero))
    let client = harness.client
    let finished = Finished()
    let listener = client.updates()
    let readers = (0..<8).map { reader in
      Task.detached { () -> (reads: Int, torn: Int, versions: Set<Int>) in
        var reads = 0
        var torn = 0
        var seen: Set<Int> = []
        while !finished.flag.load(ordering: .acquiring) || reads < 200 {
          let snapshot = client.snapshot
          let version = snapshot.versionNumber ?? 0
          let expected = version == 0 ? "" : "v\(version)"
          seen.insert(version)
          for index in 0..<keyCount where snapshot["key_\(index)"].rawValue != expected {
            torn += 1
          }
          // Per-request evaluation of the active template reads one snapshot too.
          let values = client.values(for: EvaluationContext(randomizationID: "r\(reader)"))
          let marker = values["key_0"].rawValue
          for index in 1..<keyCount where values["key_\(index)"].rawValue != marker { torn += 1 }
          reads += 1
          // The cooperative pool has as many threads as cores: a reader that never yields
          // would starve the activations it is meant to race.
          await Task.yield()
        }
        return (reads, torn, seen)
      }
    }
    for _ in 1...versions {
      _ = try await client.fetchAndActivate()
    }
    finished.flag.store(true, ordering: .releasing)
    var seen: Set<Int> = []
    for reader in readers {
      let result = await reader.value
      #expect(result.torn == 0)
      #expect(result.reads >= 200)
      seen.formUnion(result.versions)
    }
    #expect(client.snapshot.versionNumber == versions)
    #expect(seen.isSubset(of: Set(0...versions)))
    // Every update a listener received was a complete snapshot too.
    var iterator = listener.makeAsyncIterator()
    let delivered = await client.deliveredUpdates(&iterator)
    #expect(delivered.map(\.snapshot.versionNumber) == Array(1...versions))
    for update in delivered {
      let marker = "v\(update.snapshot.versionNumber ?? 0)"
      #expect(update.updatedKeys.count == keyCount)
      #expect(update.snapshot.keys.allSatisfy { update.snapshot[$0].rawValue == marker })
    }
  }
}
