package import Foundation

/// One field of `EvaluationContext` as the tool's context JSON names it, and as Firebase's app
/// fetch sends it: the one declaration that the JSON reader and writer, `switchyard
/// evaluate`'s byte-level line reader and Firebase's fetch body (and with it the rule for
/// whether a new context asks Firebase something new) all walk. A new field is a stored
/// property of the context and one row of `all`.
package struct ContextField: Sendable {
  /// What a field holds, and where in the context.
  package enum Value: Sendable {
    /// A string, such as `"appVersion": "2.3.0"`.
    case text(any WritableKeyPath<EvaluationContext, String?> & Sendable)
    /// An instant, ISO-8601 with an offset, such as `"now": "2026-12-01T09:00:00+09:00"`.
    case instant(any WritableKeyPath<EvaluationContext, Date?> & Sendable)
    /// Custom signals: an object of strings and numbers.
    case customSignals
    /// Analytics user properties: an object of strings.
    case userProperties
    /// Audiences: an array of strings.
    case audiences
  }

  /// The field's name in the context JSON, e.g. `appVersion`.
  package let name: String
  /// What it holds.
  package let value: Value
  /// The member of Firebase's app fetch body that sends it; nil when that fetch does not (the
  /// randomization ID and `now` are the client's own, the app's id and installation come
  /// from the app's options and installation, audiences are Firebase's to know).
  package let appFetchMember: String?

  private init(_ name: String, _ value: Value, appFetch member: String? = nil) {
    self.name = name
    self.value = value
    self.appFetchMember = member
  }

  /// Every field, in the order the JSON writer writes them.
  package static let all: [ContextField] = [
    ContextField("randomizationId", .text(\.randomizationID)),
    ContextField("customSignals", .customSignals, appFetch: "customSignals"),
    ContextField("appId", .text(\.appID)),
    ContextField("appVersion", .text(\.appVersion), appFetch: "appVersion"),
    ContextField("appBuild", .text(\.appBuild), appFetch: "appBuild"),
    ContextField("platform", .text(\.platform)),
    ContextField("country", .text(\.country), appFetch: "countryCode"),
    ContextField("language", .text(\.language), appFetch: "languageCode"),
    ContextField("userProperties", .userProperties, appFetch: "analyticsUserProperties"),
    ContextField("audiences", .audiences),
    ContextField("installationId", .text(\.installationID)),
    ContextField("firstOpen", .instant(\.firstOpenTime), appFetch: "firstOpenTime"),
    ContextField("now", .instant(\.now)),
  ]

  /// The field named `name`, with its place in `all`.
  package static func named(_ name: String) -> (index: Int, field: ContextField)? {
    all.firstIndex { $0.name == name }.map { ($0, all[$0]) }
  }
}
