/// What a `RealtimeUpdater` did, in order, as its `events()` stream delivers it.
public enum RealtimeEvent: Sendable, Equatable {
  /// The stream is open (the first connection or a reconnection).
  case connected
  /// A newer template was fetched and waits for the app's `activate()` (auto-activation
  /// off): its `version.versionNumber`.
  case fetched(versionNumber: Int?)
  /// A newer template was fetched and activated (auto-activation on): its version and the
  /// keys whose value changed (possibly none, when the new version evaluates the same).
  case activated(versionNumber: Int?, updatedKeys: Set<String>)
  /// The server announced `targetVersion` but no fetch reached it within the attempts:
  /// `lastError` is the last fetch's error, or nil when the fetches succeeded but still
  /// served an older template. The stream keeps listening; a later message tries again.
  case fetchFailed(targetVersion: Int, lastError: FetchError?)
  /// A message could not be read (not JSON, a wrong field, too long); the stream goes on.
  case messageRejected(String)
  /// The connection could not be opened or broke (`error` is nil when the server simply
  /// ended the stream); the updater reconnects after `retryingAfter`.
  case disconnected(RealtimeStreamError?, retryingAfter: Duration)
  /// The updater stopped for good; nothing follows.
  case stopped(RealtimeStopReason)
}
