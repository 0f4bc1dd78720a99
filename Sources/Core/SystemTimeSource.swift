import Foundation

/// The real clock: `Date()` for now, `Task.sleep` for waiting.
public struct SystemTimeSource: TimeSource {
  /// Creates the real clock.
  public init() {}

  /// The current time.
  public var now: Date { Date() }

  /// Sleeps on the continuous clock.
  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
