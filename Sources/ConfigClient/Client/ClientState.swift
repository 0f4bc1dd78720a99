import ConfigEngine
import Core
import Foundation

/// Everything a client persists: the fetched and the active template, the fetch metadata,
/// the throttle, the context, the stale and context-changed marks, the source's own state and
/// the real-time stream's failures. The client's mutable state, owned by its actor. Equal
/// states hold the same template bytes and the same values in every field.
struct ClientState: Sendable, Equatable {
  /// The last template fetched.
  struct Fetched: Sendable, Equatable {
    var template: TemplateBody
    /// The ETag it came with, sent as `If-None-Match` on the next fetch.
    var etag: String?
    /// When its body arrived.
    var fetchedAt: Date
    /// Whether it is the active template (then activating again changes nothing).
    var isActivated: Bool
  }

  /// The template the active snapshot evaluates.
  struct Active: Sendable, Equatable {
    var template: TemplateBody
    var activatedAt: Date
  }

  var fetched: Fetched?
  var active: Active?
  /// When the source last answered 200 or 304: the start of the minimum interval.
  var lastSuccessfulFetchAt: Date?
  var throttle = FetchThrottle()
  /// The context the app set (or that was restored); nil when none was ever set.
  var context: EvaluationContext?
  /// Set by `markStale()` (the server has a newer template), cleared by a successful fetch:
  /// until then the minimum fetch interval does not apply. Saved, so it survives a restart,
  /// like the `CONFIG_STALE` flag in Firebase's guide to propagating updates in real time.
  var isStale = false
  /// Set when the context changed in a field a source whose server evaluates sends
  /// (`TemplateSource.evaluatesOnServer`), cleared by a successful fetch sent for the context
  /// as it is now (not one sent before the change): until then the minimum fetch interval
  /// does not apply, as Firebase's SDKs refetch after new custom signals. Saved, so it
  /// survives a restart.
  var contextChanged = false
  /// What the source asked to keep (`TemplateSource.savedState()`): for Firebase's app fetch,
  /// the installation and its tokens.
  var sourceState: JSONValue?
  /// Real-time connection attempts that failed in a row, across launches: a new updater's
  /// retry budget is reduced by it (Firebase's persisted failed-stream count).
  var realtimeFailures = 0

  /// A successful answer from the source (200 with a usable template, or 304): when it came,
  /// and whether it answers the context as it is now and the latest stale mark.
  struct FetchAnswer {
    var at: Date
    /// False when the context changed in a field the source sends while the request was in
    /// flight: the answer is for the old context.
    var forCurrentContext: Bool
    /// False when `markStale()` was called while the request was in flight: the server may
    /// have a template newer than the answer.
    var afterLastStaleMark: Bool
  }

  /// Records a successful fetch: the minimum interval starts again, and the stale and
  /// context-changed marks are cleared unless they were set after the request left.
  mutating func recordSuccessfulFetch(_ answer: FetchAnswer) {
    lastSuccessfulFetchAt = answer.at
    if answer.afterLastStaleMark { isStale = false }
    if answer.forCurrentContext { contextChanged = false }
  }

  /// Turns restored templates back into bytes (see `TemplateBody.materialize`), once for a
  /// template that is both fetched and active.
  mutating func materializeTemplates() {
    active?.template.materialize()
    if let active, fetched?.isActivated == true {
      fetched?.template = active.template
    } else {
      fetched?.template.materialize()
    }
  }
}

extension TemplateBody: Equatable {
  /// Templates are equal when their JSON bytes are: what is saved and restored.
  static func == (lhs: TemplateBody, rhs: TemplateBody) -> Bool {
    lhs.bytes == rhs.bytes
  }
}
