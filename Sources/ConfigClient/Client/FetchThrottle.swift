import Core
import Foundation

/// The client's throttling state and its rules, as a value: after HTTP 429 the client stops
/// fetching at once; after 500, 502, 503 or 504 it stops from the second such failure in a
/// row; each throttle in a row waits longer (`BackoffPolicy`); a `Retry-After` is honoured;
/// connectivity errors and timeouts never throttle. A success clears everything.
///
/// Pure: no clock, no randomness of its own. The client feeds it each outcome with the time
/// and a random fraction, persists it, and refuses to fetch while `isThrottled(at:)`.
struct FetchThrottle: Sendable, Equatable {
  /// The instant before which no fetch may reach the source; nil when not throttled.
  private(set) var throttledUntil: Date?
  /// Failures in a row that count towards throttling (HTTP 429, 500, 502, 503, 504).
  private(set) var consecutiveFailures: Int
  /// Throttles in a row: the exponent of the backoff.
  private(set) var consecutiveThrottles: Int

  /// A throttle in the given state (fresh by default); counts are held to
  /// `0...RemoteConfigLimits.throttleCount`.
  init(
    throttledUntil: Date? = nil, consecutiveFailures: Int = 0, consecutiveThrottles: Int = 0
  ) {
    self.throttledUntil = throttledUntil
    self.consecutiveFailures = Self.bounded(consecutiveFailures)
    self.consecutiveThrottles = Self.bounded(consecutiveThrottles)
  }

  private static func bounded(_ count: Int) -> Int {
    min(max(0, count), RemoteConfigLimits.throttleCount)
  }

  /// The statuses that count as server failures: throttled from the second in a row.
  static let serverErrorStatuses: Set<Int> = [500, 502, 503, 504]

  /// Whether a fetch at `now` must be refused without a network call.
  func isThrottled(at now: Date) -> Bool {
    guard let throttledUntil else { return false }
    return now < throttledUntil
  }

  /// The source answered (200 or 304, usable or not): the server is healthy again.
  mutating func fetchSucceeded() {
    self = FetchThrottle()
  }

  /// Records a failed fetch that ended at `now` and returns the new `throttledUntil` when
  /// this failure throttles, or nil when it does not.
  /// - Parameters:
  ///   - randomFraction: a random number in 0..<1 for the jitter.
  @discardableResult
  mutating func fetchFailed(
    _ error: TemplateSourceError, at now: Date, policy: BackoffPolicy, randomFraction: Double
  ) -> Date? {
    // The server never said it was overloaded when it did not answer (connectivity, a
    // timeout, a broken body, no credentials): these neither throttle nor break a series.
    guard let answer = error.serverAnswer else { return nil }
    let (status, header) = (answer.status, answer.retryAfter)
    let retryAfter = header.flatMap { $0.delay(from: now, cappedAt: policy.maximumRetryAfter) }
    let throttlesNow: Bool
    if status == 429 {
      consecutiveFailures = Self.bounded(consecutiveFailures + 1)
      throttlesNow = true
    } else if Self.serverErrorStatuses.contains(status) {
      consecutiveFailures = Self.bounded(consecutiveFailures + 1)
      throttlesNow = consecutiveFailures >= 2 || retryAfter != nil
    } else {
      // A client error (404, 403, ...) is a configuration problem, not overload: waiting
      // longer would not fix it, so only an explicit Retry-After throttles.
      consecutiveFailures = 0
      throttlesNow = retryAfter != nil
    }
    guard throttlesNow else { return nil }
    consecutiveThrottles = Self.bounded(consecutiveThrottles + 1)
    let delay =
      retryAfter
      ?? policy.delay(attempt: consecutiveThrottles, fraction: randomFraction)
    let until = now.addingTimeInterval(delay)
    throttledUntil = until
    return until
  }

  /// The longest throttle `policy` can impose, for sanity checks on restored state.
  static func longestThrottle(_ policy: BackoffPolicy) -> TimeInterval {
    let jittered = policy.delay(attempt: Int.max, fraction: 1)
    return max(jittered, max(0, policy.maximumRetryAfter.timeInterval))
  }

}
