/// How a `RealtimeUpdater` fetches after an invalidation and reconnects after a drop.
public struct RealtimeSettings: Sendable, Equatable {
  /// The longest random wait before fetching a newer template, so a fleet of clients told
  /// at the same moment does not fetch at the same moment (default 4 s).
  public var maximumFetchDelay: Duration
  /// Fetches tried per invalidation until the fetched version reaches the announced one
  /// (default 3); a CDN may serve the old template for a moment after the announcement.
  public var fetchAttempts: Int
  /// The backoff between reconnections (default: 2 s, doubling, capped at 5 min, +-50 %).
  public var reconnectBackoff: BackoffPolicy
  /// The retry budget: connection attempts in a row that may fail before the updater gives
  /// up (default 8). A connection the server accepts resets it.
  public var reconnectAttempts: Int
  /// The longest message accepted, in bytes (default 64 KiB).
  public var maximumMessageBytes: Int

  /// Settings with the defaults unless given.
  public init(
    maximumFetchDelay: Duration = .seconds(4),
    fetchAttempts: Int = 3,
    reconnectBackoff: BackoffPolicy = BackoffPolicy(
      initialDelay: .seconds(2), multiplier: 2, maximumDelay: .seconds(300), jitter: 0.5,
      maximumRetryAfter: .seconds(3600)),
    reconnectAttempts: Int = 8,
    maximumMessageBytes: Int = 64 * 1024
  ) {
    self.maximumFetchDelay = maximumFetchDelay
    self.fetchAttempts = max(1, fetchAttempts)
    self.reconnectBackoff = reconnectBackoff
    self.reconnectAttempts = max(0, reconnectAttempts)
    self.maximumMessageBytes = max(1, maximumMessageBytes)
  }
}
