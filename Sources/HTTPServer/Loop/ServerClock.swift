import Core
import Foundation

/// The server's time: instants as durations since the server started, for deadlines, and
/// dates for the `Date` header.
///
/// With the system's time source, instants come from the continuous clock, so a step of the
/// wall clock (NTP, a user setting the time) never closes connections early or holds them
/// late, and the loop times its own waits (`pacesItself`). Any other time source (a test's
/// `ManualTimeSource`) is read as it is: its dates are the instants, and a ticker task
/// sleeping on it tells the loop when time has moved.
struct ServerClock: Sendable {
  let time: any TimeSource
  /// Whether this is the system's clock, which the loop's waits measure themselves.
  let pacesItself: Bool
  private let startInstant: ContinuousClock.Instant
  private let startDate: Date

  init(_ time: any TimeSource) {
    self.time = time
    pacesItself = time is SystemTimeSource
    startInstant = ContinuousClock.now
    startDate = time.now
  }

  /// The time since the server started.
  func now() -> Duration {
    pacesItself
      ? ContinuousClock.now - startInstant : .timeInterval(time.now.timeIntervalSince(startDate))
  }

  /// The date now, for the `Date` header.
  func date() -> Date {
    time.now
  }
}
