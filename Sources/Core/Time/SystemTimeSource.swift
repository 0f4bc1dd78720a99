public import Foundation

/// The real clock: `Date()` for now, `Task.sleep` for waiting.
public struct SystemTimeSource: TimeSource {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init() {}

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var now: Date { Date() }

  /// Sleeps on the continuous clock.
  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
