@testable import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// The one rule for a wait a server asks for, and the two places that follow it: fetch
/// throttling and real-time reconnection.
@Suite("RetryAfter delay")
struct RetryAfterDelayTests {
  static let now = TestTime.start
  /// A backoff of 7 s every time, so a wait that is ignored shows as 7 s.
  static let policy = BackoffPolicy(
    initialDelay: .seconds(7), maximumDelay: .seconds(7), jitter: 0,
    maximumRetryAfter: .seconds(3600))
  static let backoff: TimeInterval = 7

  /// A wait the server asks for, and the seconds the client waits for it (nil: ignored).
  static let table: [(RetryAfter, TimeInterval?)] = [
    (.seconds(120), 120),
    (.seconds(1), 1),
    (.seconds(0), nil),
    (.seconds(86_400), 3600),
    (.seconds(RetryAfter.maximumSeconds), 3600),
    (.date(now.addingTimeInterval(90)), 90),
    (.date(now.addingTimeInterval(0.5)), 0.5),
    (.date(now), nil),
    (.date(now.addingTimeInterval(-30)), nil),
    (.date(.distantPast), nil),
    (.date(.distantFuture), 3600),
  ]

  @Test(
    "a wait of zero or less is ignored; a longer one is cut to the cap",
    arguments: table)
  func rule(retryAfter: RetryAfter, expected: TimeInterval?) {
    #expect(retryAfter.delay(from: Self.now, cappedAt: Self.policy.maximumRetryAfter) == expected)
  }

  @Test(
    "a wait that is not a finite positive number asks for nothing",
    arguments: [0, -1, -TimeInterval.infinity, .infinity, .nan, -.greatestFiniteMagnitude])
  func notPositive(seconds: TimeInterval) {
    #expect(RetryAfter.delay(seconds: seconds, cappedAt: .seconds(3600)) == nil)
  }

  @Test(
    "a cap of zero or less allows no wait at all",
    arguments: [Duration.zero, .seconds(-5)])
  func nonPositiveCap(cap: Duration) {
    #expect(RetryAfter.delay(seconds: 30, cappedAt: cap) == 0)
  }

  @Test(
    "a throttled fetch waits as the rule says instead of its backoff, or its backoff when the wait is ignored",
    arguments: table)
  func fetchThrottle(retryAfter: RetryAfter, expected: TimeInterval?) {
    var throttle = FetchThrottle()
    let until = throttle.fetchFailed(
      .http(status: 429, retryAfter: retryAfter), at: Self.now, policy: Self.policy,
      randomFraction: 0.5)
    #expect(until == Self.now.addingTimeInterval(expected ?? Self.backoff))
  }

  @Test(
    "a refused real-time stream reconnects after its backoff, and not before the wait the rule allows",
    arguments: table)
  func realtimeReconnection(retryAfter: RetryAfter, expected: TimeInterval?) {
    var machine = RealtimeConnectionMachine(backoff: Self.policy, retryBudget: 8)
    let action = machine.handle(
      .connectFailed(.http(status: 503, retryAfter: retryAfter)), now: Self.now,
      randomFraction: 0.5)
    #expect(action == .reconnect(after: .timeInterval(max(Self.backoff, expected ?? 0))))
  }

  @Test(
    "retryIntervalSeconds follows the same rule",
    arguments: [
      (Duration.seconds(90), 90.0), (.seconds(3), 7), (.zero, 7), (.seconds(-5), 7),
      (.seconds(7200), 3600),
    ])
  func retryInterval(interval: Duration, expected: TimeInterval) {
    var machine = RealtimeConnectionMachine(backoff: Self.policy, retryBudget: 8)
    _ = machine.handle(.retryIntervalReceived(interval), now: Self.now, randomFraction: 0.5)
    let action = machine.handle(.streamEnded(nil), now: Self.now, randomFraction: 0.5)
    #expect(action == .reconnect(after: .timeInterval(expected)))
  }
}
