import Core
import Foundation
import SwitchyardTestSupport

/// A time source for running `watch --every` round by round: sleeps of exactly `period` (the
/// waits between rounds) run on a clock of their own, `periods`, and everything else (now,
/// fetch and request deadlines) on `clock`.
///
/// A test waits for `periods` to have one sleeper, which can only be the loop asleep between
/// rounds (no fetch is in flight then), and advances `periods` to start the next round. It
/// never moves `clock`, so no deadline fires and nothing in flight sees time move: the rounds
/// run in the test's order without sleeping or timing anything.
struct PeriodClock: TimeSource {
  /// The clock for now and every sleep that is not a period.
  let clock: ManualTimeSource
  /// The clock the waits between rounds sleep on.
  let periods: ManualTimeSource
  /// The refresh period, which must differ from every other duration slept (the fetch
  /// timeout above all).
  let period: Duration

  init(period: Duration, now: Date = TestTime.start) {
    clock = ManualTimeSource(now: now)
    periods = ManualTimeSource(now: now)
    self.period = period
  }

  var now: Date { clock.now }

  func sleep(for duration: Duration) async throws {
    try await (duration == period ? periods : clock).sleep(for: duration)
  }

  /// Waits until the loop sleeps between rounds, then ends that wait: one more round starts.
  func startNextRound() async {
    await periods.waitForSleepers(count: 1)
    periods.advance(by: period)
  }

  /// Waits until the loop sleeps between rounds: the round before has finished and printed.
  func waitForRoundToEnd() async {
    await periods.waitForSleepers(count: 1)
  }
}
