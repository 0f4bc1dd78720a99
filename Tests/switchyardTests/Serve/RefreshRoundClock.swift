import Core
import Foundation
import SwitchyardTestSupport

/// A time source for running `serve --url`'s refreshes round by round where a throttle may
/// hold one back: as with `PeriodClock`, the waits between rounds (sleeps of exactly `period`)
/// run on `rounds.periods` and the test starts each round, but `now` moves a period with each
/// round, as it does in a server, so a throttle of at most a period has ended when the next
/// round starts. A sleep of any other length than the period or the fetch timeout, which can
/// only be a throttle's wait beyond the period, goes to `beyondPeriod`, which nothing moves: a
/// test sees it there instead of hanging.
struct RefreshRoundClock: TimeSource {
  /// How the refresh loop went to sleep after a round.
  enum Sleep: Equatable {
    /// Until the next period: the round is over.
    case period
    /// Longer than a period: the client held the next round back.
    case beyondPeriod
  }

  /// The periods, and the clock for now and the fetch timeout.
  let rounds: PeriodClock
  /// The clock a longer wait sleeps on.
  let beyondPeriod = ManualTimeSource(now: TestTime.start)
  /// The fetch timeout (`--timeout`, 60 s by default), which the fetch's deadline sleeps.
  let fetchTimeout: Duration

  init(period: Duration, fetchTimeout: Duration = .seconds(60)) {
    rounds = PeriodClock(period: period)
    self.fetchTimeout = fetchTimeout
  }

  var now: Date { rounds.now }

  func sleep(for duration: Duration) async throws {
    if duration == rounds.period || duration == fetchTimeout {
      try await rounds.sleep(for: duration)
    } else {
      try await beyondPeriod.sleep(for: duration)
    }
  }

  /// Waits until the loop sleeps between rounds, moves now and the periods on by a period (one
  /// more round starts), and returns how the loop sleeps next: `.period` once that round is
  /// over, `.beyondPeriod` when it waits longer first.
  func nextRound() async -> Sleep {
    await rounds.periods.waitForSleepers(count: 1)
    rounds.clock.advance(by: rounds.period)
    rounds.periods.advance(by: rounds.period)
    return await withTaskGroup(of: Sleep.self) { group in
      group.addTask { [rounds] in
        await rounds.periods.waitForSleepers(count: 1)
        return .period
      }
      group.addTask { [beyondPeriod] in
        await beyondPeriod.waitForSleepers(count: 1)
        return .beyondPeriod
      }
      let first = await group.next() ?? .beyondPeriod
      group.cancelAll()
      return first
    }
  }
}
