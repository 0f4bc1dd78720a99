import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// The client's fetch deadline ends a fetch on time even when the source cannot be stopped:
/// a platform call that ignores cancellation holds only itself, never the caller.
@Suite("Fetch deadline", .timeLimit(.minutes(3)))
struct FetchDeadlineTests {
  /// A source whose fetch never returns and ignores cancellation, until the test releases
  /// it: what a transport stuck in the platform looks like from above.
  final class UnstoppableSource: TemplateSource, Sendable {
    private let waiters = LockedState<[CheckedContinuation<Void, Never>]>([])
    private let started = LockedState(0)

    func fetchTemplate(
      _ request: TemplateFetchRequest
    ) async throws(TemplateSourceError) -> TemplateFetchResponse {
      started.withLock { $0 += 1 }
      await withCheckedContinuation { continuation in
        waiters.withLock { $0.append(continuation) }
      }
      throw .connectivity("released")
    }

    var startedCount: Int { started.withLock { $0 } }

    /// Lets every fetch return.
    func release() {
      for waiter in waiters.withLock({ waiters in
        defer { waiters = [] }; return waiters
      }) {
        waiter.resume()
      }
    }
  }

  @Test("a source that ignores cancellation still times out at the deadline")
  func unstoppableSource() async throws {
    let source = UnstoppableSource()
    defer { source.release() }
    let time = ManualTimeSource(now: TestTime.start)
    let client = RemoteConfigClient(
      settings: RemoteConfigSettings(fetchTimeout: .seconds(5)), source: source,
      store: InMemoryConfigStore(), timeSource: time)
    let fetch = Task { try await client.fetch() }
    await time.waitForSleepers(count: 1)
    time.advance(by: .seconds(5))
    await #expect(throws: FetchError.source(.timeout)) { try await fetch.value }
    #expect(source.startedCount == 1)
  }
}
