import Core
package import Foundation

/// A clock whose sleeps are held like effects: a sleep returns when the test answers it,
/// even after its task was cancelled (a timer that fires late). Its time stands at
/// `TestTime.start`.
package final class HeldTimeSource: TimeSource, Sendable {
  /// Every sleep, with its duration.
  package let sleeps = HeldEffect<Duration, Void>()

  package init() {}

  package var now: Date { TestTime.start }

  package func sleep(for duration: Duration) async throws {
    await sleeps.call(duration)
  }
}
