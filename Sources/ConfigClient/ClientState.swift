import Core
import Foundation

/// Everything a client persists: the fetched and the active template, the fetch metadata,
/// the throttle and the context. The client's mutable state, owned by its actor.
struct ClientState: Sendable {
  /// The last template fetched.
  struct Fetched: Sendable {
    var template: TemplateBody
    /// The ETag it came with, sent as `If-None-Match` on the next fetch.
    var etag: String?
    /// When its body arrived.
    var fetchedAt: Date
    /// Whether it is the active template (then activating again changes nothing).
    var isActivated: Bool
  }

  /// The template the active snapshot evaluates.
  struct Active: Sendable {
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
