/// One thing that happened to a client, as `RemoteConfigClient.events()` delivers it: what a
/// listener needs to tell whether the client is ready, current, stale or failing (OpenFeature's
/// provider events are read from these), beside the value changes `updates()` delivers.
///
/// Events come in the order they happened. A fetch that brings a new template and activates it
/// delivers `fetched`, then `activated`, then `updated` (when values changed); one that clears
/// a stale mark delivers `staleMarkCleared` before `fetched`.
public enum ClientEvent: Sendable, Equatable {
  /// `restore()` made the saved template the active one (its `version.versionNumber`, when it
  /// has one). A restore that finds no template, or a client that already has one, sends none.
  case restored(versionNumber: Int?)
  /// The source answered a fetch: a new template (`.newTemplate`) or none newer (`.notModified`).
  /// A fetch served from the cache sends none: nothing was asked.
  case fetched(FetchResult)
  /// A fetched template became the active one.
  case activated(versionNumber: Int?)
  /// The active values changed: the keys, as `updates()` delivers them.
  case updated(keys: Set<String>)
  /// The client became stale: `markStale()` said the server has a newer template. Sent when
  /// the mark is set, not again while it stays.
  case markedStale
  /// The stale mark was cleared: a fetch answered after the last `markStale()`.
  case staleMarkCleared
  /// A fetch failed (refused by the throttle, the source's failure, or a template refused);
  /// the active and fetched templates are unchanged. One per request that failed, and one per
  /// call the throttle refused.
  case fetchFailed(FetchError)
}
