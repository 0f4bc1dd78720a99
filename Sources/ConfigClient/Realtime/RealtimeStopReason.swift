/// Why a `RealtimeUpdater` stopped.
public enum RealtimeStopReason: Sendable, Equatable {
  /// The server said real-time updates are disabled (`featureDisabled`).
  case featureDisabled
  /// Every connection attempt of the retry budget failed; the last error.
  case retryBudgetExhausted(lastError: RealtimeStreamError?)
  /// The server refused the stream in a way retrying cannot fix (a 4xx status).
  case rejected(RealtimeStreamError)
}
