import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting

/// One line of a `check` file: a named scenario, or a routing sequence, and what its route
/// and values must be, so a team states in a file what a template must do for the users and
/// the sequences it cares about and a CI job holds every template change to it.
struct RouteExpectation: Sendable {
  /// What is routed.
  enum Subject: Sendable {
    /// One user's situation, routed once.
    case scenario(RouteScenario)
    /// `root`'s events, run through the runtime for an app at `appVersion` on `idiom`: the
    /// route shown after the last one, and the values applied then.
    case events([RootTranscriptEvent], appVersion: SemanticVersion, idiom: DeviceIdiom)
  }

  let name: String
  let subject: Subject
  /// The screen's name (`RouteReport` prints it), when expected.
  let screen: String?
  /// The orientations, compared as a set, when expected.
  let orientations: OrientationMask?
  /// Keys and the raw values they must have, in the line's order.
  let values: [(key: String, value: String)]

  /// What differs from the expectation when the subject is routed through `router` at `now`
  /// (a scenario's `context.now` wins; a `configUpdated` event's template is read with
  /// `loadTemplate`): nothing when it holds.
  /// - Throws: what reading an event's template throws.
  func failures(
    with router: ConfigRouter, now: Date,
    loadTemplate: @escaping (String) throws -> CompiledTemplate
  ) async throws -> [ExpectationFailure] {
    switch subject {
    case .scenario(let scenario):
      let outcome = scenario.plan(with: router, now: now)
      return failures(route: outcome.route, router: router) { keys in
        outcome.routed.map { router.explain(keys: keys, $0) }
      }
    case .events(let events, let appVersion, let idiom):
      var transcript = try RootTranscript(
        template: router.template, appVersion: appVersion, idiom: idiom, now: now,
        loadTemplate: loadTemplate)
      defer { transcript.stop() }
      for (index, event) in events.enumerated() {
        _ = try await transcript.handle(event, line: index + 1)
      }
      let applied = transcript.applied
      return failures(route: transcript.runtime.route, router: router) { keys in
        applied?.explain(keys: keys)
      }
    }
  }

  /// What differs from the expectation in `route`, and in the values `explain` gives for
  /// the keys (nil: no config, so the app reads `router`'s in-app defaults).
  private func failures(
    route: Route, router: ConfigRouter, explain: ([String]) -> [Explained<ConfigValue>]?
  ) -> [ExpectationFailure] {
    let routeReasons = route.reasons.map(\.description)
    var failures: [ExpectationFailure] = []
    if let screen, screen != route.screen.name {
      failures.append(
        ExpectationFailure(
          what: .screen, expected: .string(screen), actual: .string(route.screen.name),
          reasons: routeReasons))
    }
    if let orientations, orientations != route.orientations {
      failures.append(
        ExpectationFailure(
          what: .orientations, expected: Self.names(orientations),
          actual: Self.names(route.orientations), reasons: routeReasons))
    }
    guard !values.isEmpty else { return failures }
    let explained: [Explained<ConfigValue>]
    if let config = explain(values.map(\.key)) {
      explained = config
    } else {
      // No config: the app reads its in-app defaults.
      explained = values.map { key, _ in
        Explained(
          router.defaults[key].map { ConfigValue(key: key, rawValue: $0, source: .default) }
            ?? .missing(key: key),
          reasons: [.because("no config is available; the in-app default applies")])
      }
    }
    for ((key, expected), actual) in zip(values, explained) {
      // An empty static value is no value: the key is defined nowhere.
      let actualValue: JSONValue =
        actual.value.source == .static ? .null : .string(actual.value.rawValue)
      guard actualValue != .string(expected) else { continue }
      failures.append(
        ExpectationFailure(
          what: .value, key: key, expected: .string(expected), actual: actualValue,
          reasons: actual.reasons.map(\.description)))
    }
    return failures
  }

  private static func names(_ orientations: OrientationMask) -> JSONValue {
    .array(orientations.shortNames.map(JSONValue.string))
  }
}
