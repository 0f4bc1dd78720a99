import Core
import Observation
import RootRouting

/// Counts what Observation reports about a model's route, as SwiftUI would see it: `track`
/// observes the next change, `next()` waits for it without sleeping.
final class RouteChanges: Sendable {
  private let count = LockedState(0)
  private let waiters = LockedState<[AsyncStream<Void>.Continuation]>([])

  /// How many changes were reported.
  var value: Int { count.withLock { $0 } }

  /// Observes the next change of the model's route, read through its screen and
  /// orientations as a view reads them.
  @MainActor
  func track(_ model: RootModel) {
    withObservationTracking {
      _ = model.screen
      _ = model.orientations
    } onChange: {
      self.count.withLock { $0 += 1 }
      for waiter in self.waiters.withLock({ $0 }) { waiter.yield() }
    }
  }

  /// Returns once a change was reported, or the waiting task was cancelled (a test's time
  /// limit).
  func next() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let reported = waiters.withLock { waiters in
      waiters.append(continuation)
      return count.withLock { $0 } > 0
    }
    if reported { return }
    for await _ in stream { return }
  }

  /// Returns once the model shows `screen`, following its changes.
  /// - Throws: `CancellationError` when the test's task is cancelled first (its time limit).
  @MainActor
  static func until(_ model: RootModel, shows screen: Screen) async throws {
    while model.screen != screen {
      let changes = RouteChanges()
      changes.track(model)
      await changes.next()
      try Task.checkCancellation()
    }
  }
}
