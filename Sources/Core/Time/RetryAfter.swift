public import Foundation

/// A parsed `Retry-After` header: delta-seconds or an HTTP-date. The client does not fetch
/// again before the moment it names (within `BackoffPolicy.maximumRetryAfter`).
public enum RetryAfter: Sendable, Equatable, CustomStringConvertible {
  /// Wait this many seconds from the moment the answer arrived.
  case seconds(Int)
  /// Wait until this instant.
  case date(Date)

  /// The longest delay a `Retry-After` header's delta-seconds are read as (HTTPCore's reader
  /// clamps larger values to it), so later arithmetic on the delay cannot overflow.
  public static let maximumSeconds = Int(Int32.max)

  /// For example `120 s` or `2026-01-01T00:02:00Z`.
  public var description: String {
    switch self {
    case .seconds(let seconds): "\(seconds) s"
    case .date(let date): Timestamp.format(date)
    }
  }
}

extension RetryAfter {
  /// The seconds this asks the client to wait from `now`, by the rule of
  /// `delay(seconds:cappedAt:)`.
  package func delay(from now: Date, cappedAt cap: Duration) -> TimeInterval? {
    switch self {
    case .seconds(let seconds): Self.delay(seconds: TimeInterval(seconds), cappedAt: cap)
    case .date(let date): Self.delay(seconds: date.timeIntervalSince(now), cappedAt: cap)
    }
  }

  /// The one rule for a wait a server asks for (a `Retry-After` header, a real-time
  /// `retryIntervalSeconds`): a wait of zero or less (`0`, a date already past) asks for
  /// nothing and is ignored (nil), so the caller's own backoff decides, as
  /// firebase-admin-node does with a `Retry-After` that is not positive; a longer wait is
  /// cut to `cap` (a negative cap counts as 0), so a server cannot silence the client for
  /// longer than its settings allow.
  package static func delay(seconds: TimeInterval, cappedAt cap: Duration) -> TimeInterval? {
    guard seconds.isFinite, seconds > 0 else { return nil }
    return min(seconds, max(0, cap.timeInterval))
  }
}
