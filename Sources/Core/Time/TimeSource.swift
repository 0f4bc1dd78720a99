public import Foundation

/// Where "now" comes from, and how to wait. Everything time-based in Switchyard (fetch
/// intervals, throttling, campaign days, dateTime conditions, loading timeouts) takes one of
/// these through its initialiser, so tests drive time with `ManualTimeSource`.
public protocol TimeSource: Sendable {
  /// The current wall-clock time.
  var now: Date { get }

  /// Suspends for `duration` of this source's time.
  /// - Throws: `CancellationError` when the task is cancelled while waiting.
  func sleep(for duration: Duration) async throws
}

extension Duration {
  /// The duration in seconds as a `Double`, for `Date` arithmetic.
  package var timeInterval: TimeInterval {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// A duration from seconds given as a `TimeInterval`.
  package static func timeInterval(_ seconds: TimeInterval) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
