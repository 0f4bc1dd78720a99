import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting

/// One line of a `check` file: a named scenario and what its route and values must be, so a
/// team states in a file what a template must do for the users it cares about and a CI job
/// holds every template change to it.
struct RouteExpectation: Sendable {
  let name: String
  let scenario: RouteScenario
  /// The screen's name (`RouteReport` prints it), when expected.
  let screen: String?
  /// The orientations, compared as a set, when expected.
  let orientations: OrientationMask?
  /// Keys and the raw values they must have, in the line's order.
  let values: [(key: String, value: String)]

  /// What differs from the expectation when `scenario` is routed through `router` at `now`
  /// (the scenario's `context.now` wins): nothing when it holds.
  func failures(with router: ConfigRouter, now: Date) -> [ExpectationFailure] {
    let outcome = scenario.plan(with: router, now: now)
    let route = outcome.route
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
    if let routed = outcome.routed {
      explained = router.explain(keys: values.map(\.key), routed)
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
