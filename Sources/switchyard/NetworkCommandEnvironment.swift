import ConfigClient
import Core

/// The clock and randomness `fetch` and `watch` run on: the real ones in the tool, pinned
/// ones in tests (no random delay before a real-time fetch).
struct NetworkCommandEnvironment: Sendable {
  /// The clock for fetch intervals, throttling, timeouts and real-time delays.
  var timeSource: any TimeSource
  /// Random fractions for backoff jitter and the delay before a real-time fetch.
  var random: RandomSource

  /// The system clock and random generator.
  static let live = NetworkCommandEnvironment(timeSource: SystemTimeSource(), random: .system)
}
