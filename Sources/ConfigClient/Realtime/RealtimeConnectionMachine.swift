import Core
import Foundation

/// The reconnection rules of the real-time stream, as a pure state machine: no I/O, no clock,
/// no randomness of its own. The updater feeds it what happened to the connection (with the
/// time and a random fraction) and does what the returned action says.
///
/// - A connection the server accepts resets the retry budget. The failures in a row are
///   counted (`failedAttempts`) so the updater can save them: a machine made with earlier
///   failures has that much less of its budget left, but always one attempt (Firebase's
///   `max(budget - persisted failures, 1)`).
/// - A failed attempt or a dropped stream reconnects after the backoff's delay for the
///   number of failures in a row, and never before a `Retry-After` or `retryIntervalSeconds`
///   deadline (read by `RetryAfter`'s one rule: a wait of zero or less is ignored, a longer
///   one capped by the policy's `maximumRetryAfter`); past the budget the updater stops.
/// - A refusal retrying cannot fix (a 4xx other than 408/429) and `featureDisabled` stop at
///   once. Once stopped, it stays stopped.
struct RealtimeConnectionMachine: Sendable {
  /// What happened to the connection.
  enum Event: Sendable, Equatable {
    /// The server accepted the stream.
    case connected
    /// The connection attempt failed.
    case connectFailed(RealtimeStreamError)
    /// The open stream ended: cleanly (nil) or with an error.
    case streamEnded(RealtimeStreamError?)
    /// The server asked the client to wait this long before reconnecting.
    case retryIntervalReceived(Duration)
    /// The server switched real-time updates off.
    case featureDisabled
  }

  /// What the updater must do next.
  enum Action: Sendable, Equatable {
    /// Keep reading the open stream.
    case listen
    /// Wait, then connect again.
    case reconnect(after: Duration)
    /// Stop for good.
    case stop(RealtimeStopReason)
  }

  private enum State: Sendable, Equatable {
    /// An attempt is under way; `failures` attempts in a row have failed before it.
    case connecting(failures: Int)
    /// The stream is open.
    case listening
    /// Nothing more will happen.
    case stopped(RealtimeStopReason)
  }

  private var state: State
  /// No reconnection before this instant (a `Retry-After` or `retryIntervalSeconds`).
  private(set) var notBefore: Date?
  /// Connection attempts that failed in a row, earlier ones included; 0 once the server
  /// accepts one. A refusal that stops the machine for good leaves it as it was.
  private(set) var failedAttempts: Int
  let backoff: BackoffPolicy
  let retryBudget: Int

  /// A machine about to make its first attempt, after `earlierFailures` failed attempts in a
  /// row (an earlier launch's): it has `max(retryBudget - earlierFailures, 1)` attempts left.
  init(backoff: BackoffPolicy, retryBudget: Int, earlierFailures: Int = 0) {
    self.backoff = backoff
    self.retryBudget = max(0, retryBudget)
    let earlier = max(0, earlierFailures)
    failedAttempts = earlier
    state = .connecting(failures: max(0, min(earlier, self.retryBudget - 1)))
  }

  /// Failed attempts in a row so far (0 while a stream is open).
  var consecutiveFailures: Int {
    switch state {
    case .connecting(let failures): failures
    case .listening, .stopped: 0
    }
  }

  /// Applies `event`, which happened at `now`; `randomFraction` (0..<1) jitters a delay.
  mutating func handle(_ event: Event, now: Date, randomFraction: Double) -> Action {
    switch (state, event) {
    case (.stopped(let reason), _):
      return .stop(reason)
    case (_, .featureDisabled):
      return stop(.featureDisabled)
    case (.connecting, .connected), (.listening, .connected):
      state = .listening
      failedAttempts = 0
      return .listen
    case (_, .retryIntervalReceived(let interval)):
      let cap = backoff.maximumRetryAfter
      if let seconds = RetryAfter.delay(seconds: interval.timeInterval, cappedAt: cap) {
        extendNotBefore(to: now.addingTimeInterval(seconds))
      }
      return .listen
    case (.connecting(let failures), .connectFailed(let error)),
      (.connecting(let failures), .streamEnded(let error?)):
      return failed(after: failures, error, now: now, randomFraction: randomFraction)
    case (.connecting(let failures), .streamEnded(nil)):
      return failed(after: failures, nil, now: now, randomFraction: randomFraction)
    case (.listening, .connectFailed(let error)), (.listening, .streamEnded(let error?)):
      return failed(after: 0, error, now: now, randomFraction: randomFraction)
    case (.listening, .streamEnded(nil)):
      return failed(after: 0, nil, now: now, randomFraction: randomFraction)
    }
  }

  private mutating func failed(
    after failures: Int, _ error: RealtimeStreamError?, now: Date, randomFraction: Double
  ) -> Action {
    if let error, !error.isRetryable {
      return stop(.rejected(error))
    }
    if let retryAfter = error?.retryAfter,
      let seconds = retryAfter.delay(from: now, cappedAt: backoff.maximumRetryAfter)
    {
      extendNotBefore(to: now.addingTimeInterval(seconds))
    }
    let attempt = failures + 1
    failedAttempts += 1  // the client bounds what it saves
    guard attempt <= retryBudget else {
      return stop(.retryBudgetExhausted(lastError: error))
    }
    state = .connecting(failures: attempt)
    var delay = backoff.delay(attempt: attempt, fraction: randomFraction)
    if let notBefore { delay = max(delay, notBefore.timeIntervalSince(now)) }
    return .reconnect(after: .timeInterval(max(0, delay)))
  }

  private mutating func stop(_ reason: RealtimeStopReason) -> Action {
    state = .stopped(reason)
    return .stop(reason)
  }

  private mutating func extendNotBefore(to date: Date) {
    notBefore = max(notBefore ?? date, date)
  }

}
