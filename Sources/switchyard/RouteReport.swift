import ConfigClient
import Core
import Foundation
import RootRouting

/// How `route` prints a route: one JSON object for machines, or an explanation for people.
enum RouteReport {
  /// `{"screen": "...", "reasons": ["..."], "orientations": ["portrait", ...]}`.
  static func json(_ route: Route) -> JSONValue {
    [
      "screen": .string(route.screen.name),
      "reasons": .array(route.reasons.map { .string($0.description) }),
      "orientations": .array(route.orientations.shortNames.map(JSONValue.string)),
    ]
  }

  /// The screen, the orientations, the reasons, and the value behind every key the decision
  /// read with the template's own explanation of it.
  static func explanation(
    _ outcome: RouteOutcome, scenario: RouteScenario, template: CompiledTemplate,
    app: AppComposition, now: Date
  ) -> String {
    let route = outcome.route
    var lines = AlignedColumns.format([
      ["screen", route.screen.name + detail(route.screen)],
      ["orientations", route.orientations.shortNames.joined(separator: ", ")],
    ])
    lines.append("because")
    lines += route.reasons.map { "  - \($0)" }
    guard let values = outcome.values else { return lines.joined(separator: "\n") }
    lines.append("values behind it (\(templateName(template)))")
    let context = scenario.completedContext
    let keys = RootRoutingKeys.all.map(\.name) + app.descriptors.flatMap { $0.keys.map(\.name) }
    for key in keys {
      let value = values[key]
      lines.append("  \(key) = \(value.rawValue) (\(value.source))")
      let explained = template.explain(key: key, context, defaults: app.defaults, now: now)
      lines += explained.reasons.map { "      \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  private static func detail(_ screen: Screen) -> String {
    switch screen {
    case .maintenance(let message): ": \(message)"
    case .updateRequired(let update): ": \(update.title), \(update.storeURL)"
    case .unavailable(let retryable): retryable ? " (retryable)" : ""
    case .loading, .login, .feature: ""
    }
  }

  private static func templateName(_ template: CompiledTemplate) -> String {
    template.versionNumber.map { "template version \($0)" } ?? "template"
  }
}
