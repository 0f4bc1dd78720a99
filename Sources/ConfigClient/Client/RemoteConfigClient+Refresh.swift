import Core
import Foundation

extension RemoteConfigClient {
  /// The shortest period `refresh(every:report:)` keeps; a shorter one is raised to it, so a
  /// mistaken period cannot make a server hammer its template source.
  public static let minimumRefreshPeriod = Duration.seconds(1)

  /// Keeps the client current by itself for as long as the calling task runs: fetches and
  /// activates now, then once every `period`, until the task is cancelled. For servers, which
  /// firebase-admin leaves to load their template by hand.
  ///
  /// ```swift
  /// let refresher = Task {
  ///   await client.refresh(every: .seconds(60)) { outcome in
  ///     if case .failure(let error) = outcome { print("remote config: \(error)") }
  ///   }
  /// }
  /// // ... at shutdown:
  /// refresher.cancel()
  /// ```
  ///
  /// - Each round is `fetch(ignoringMinimumInterval: true)` and then `activate()`: the period
  ///   is the caller's choice, so the minimum fetch interval does not hold it back. Fetches
  ///   are conditional (`If-None-Match` with the fetched template's ETag), so an unchanged
  ///   template costs one 304 and activates nothing; a changed one is activated at once and
  ///   emits one update to `updates()` listeners.
  /// - Reads never wait on it: `snapshot` and `values(for:)` go on answering from the active
  ///   template while a round is in flight, and a failed round changes nothing they see.
  /// - A failure is handed to `report` and the loop goes on. The client's throttle still
  ///   rules: while it is throttled (after 429 or repeated 5xx) the loop sleeps until the
  ///   throttle ends instead of waking each period to be refused.
  /// - `report` receives every round's outcome, in order; the next round waits for it.
  /// - Cancelling the calling task ends the loop at once, asleep or mid-fetch; a fetch in
  ///   flight then finishes on its own (within the fetch timeout) for any other caller that
  ///   joined it.
  ///
  /// The period runs on the client's time source.
  /// - Parameters:
  ///   - period: the time between the end of one round and the start of the next (at least
  ///     `minimumRefreshPeriod`).
  ///   - report: called with each round's outcome: what the fetch did and the keys the round
  ///     changed (with `autoActivate` too, where the fetch itself activates), or why the
  ///     fetch failed.
  public nonisolated func refresh(
    every period: Duration,
    report: @Sendable (Result<FetchAndActivateResult, FetchError>) async -> Void = { _ in }
  ) async {
    let period = max(period, Self.minimumRefreshPeriod)
    while !Task.isCancelled {
      if let until = await throttledUntil {
        let wait = until.timeIntervalSince(timeSource.now)
        if wait > 0 {
          do {
            try await timeSource.sleep(for: .timeInterval(wait))
          } catch {
            return
          }
          continue
        }
      }
      guard let outcome = await Self.unlessCancelled({ await self.refreshRound() }) else {
        return
      }
      await report(outcome)
      do {
        try await timeSource.sleep(for: period)
      } catch {
        return
      }
    }
  }

  /// One round of `refresh`: a fetch that ignores the minimum interval, then activation.
  /// The keys reported are those the round changed, whether `autoActivate` activated the new
  /// template during the fetch or `activate()` did after it.
  private func refreshRound() async -> Result<FetchAndActivateResult, FetchError> {
    do {
      return .success(try await fetchAndActivate(ignoringMinimumInterval: true))
    } catch {
      return .failure(error)
    }
  }

  /// `operation`'s value, or nil as soon as the calling task is cancelled; `operation` runs
  /// as a task of its own, which is not waited for then.
  private static func unlessCancelled<Value: Sendable>(
    _ operation: @escaping @Sendable () async -> Value
  ) async -> Value? {
    let race = FirstOutcome<Value?>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.install(continuation)
        race.track([Task { race.offer(await operation()) }])
      }
    } onCancel: {
      race.offer(nil)
    }
  }
}
