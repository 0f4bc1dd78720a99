import Core
public import Foundation

/// The exponential backoff with jitter that throttles fetches after HTTP 429 and repeated
/// server errors: the n-th throttle in a row waits `initialDelay * multiplier^(n-1)`, capped
/// at `maximumDelay`, then scaled by a random factor in `1 - jitter ... 1 + jitter`.
public struct BackoffPolicy: Sendable, Equatable {
  /// The base delay of the first throttle (default 2 minutes).
  public var initialDelay: Duration
  /// How much the base delay grows per throttle in a row (default 2).
  public var multiplier: Double
  /// The cap on the base delay, applied before jitter (default 4 hours).
  public var maximumDelay: Duration
  /// The relative jitter (default 0.5, i.e. +-50 %); clamped to 0...1.
  public var jitter: Double
  /// The longest `Retry-After` honoured (default 24 hours), so a broken server cannot stop
  /// an app from fetching for months.
  public var maximumRetryAfter: Duration

  /// A policy; the defaults are the rule (2 min, doubling, 4 h cap, +-50 %).
  public init(
    initialDelay: Duration = .seconds(120), multiplier: Double = 2,
    maximumDelay: Duration = .seconds(4 * 3600), jitter: Double = 0.5,
    maximumRetryAfter: Duration = .seconds(24 * 3600)
  ) {
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maximumDelay = maximumDelay
    self.jitter = jitter
    self.maximumRetryAfter = maximumRetryAfter
  }

  /// The base delay, in seconds, of the `attempt`-th throttle in a row (1-based), capped.
  /// Grows by repeated multiplication, so no exponent can overflow or trap.
  public func baseDelay(attempt: Int) -> TimeInterval {
    let cap = max(0, maximumDelay.timeInterval)
    var delay = max(0, initialDelay.timeInterval)
    let factor = multiplier.isFinite ? max(1, multiplier) : 1
    var step = 1
    while step < attempt, delay < cap, delay > 0, factor > 1 {
      delay *= factor
      step += 1
    }
    return min(delay, cap)
  }

  /// The jittered delay, in seconds, of the `attempt`-th throttle in a row, for a random
  /// `fraction` in 0..<1 (0 gives the shortest delay, 0.5 the base, towards 1 the longest).
  public func delay(attempt: Int, fraction: Double) -> TimeInterval {
    let spread = jitter.isFinite ? min(max(jitter, 0), 1) : 0
    let unit = fraction.isFinite ? min(max(fraction, 0), 1) : 0.5
    return baseDelay(attempt: attempt) * (1 - spread + 2 * spread * unit)
  }
}
