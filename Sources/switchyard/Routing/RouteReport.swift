import ConfigEngine
import ConfigRouting
import Core
import RootRouting

/// How `route` prints a route: one JSON object for machines, or an explanation for people.
enum RouteReport {
  /// `{"screen": "...", "reasons": ["..."], "orientations": ["portrait", ...]}` on one line.
  static func write(_ route: Route, into writer: inout JSONTextWriter) {
    writer.writeByte(UInt8(ascii: "{"))
    writeMembers(route, into: &writer)
    writer.writeByte(UInt8(ascii: "}"))
  }

  /// The members of `write`'s object, without its braces: for objects that hold a route's
  /// members among their own (`root`'s `showRoute`).
  static func writeMembers(_ route: Route, into writer: inout JSONTextWriter) {
    writer.writeRaw(#""screen":"#)
    writer.writeString(route.screen.name)
    writer.writeRaw(#","reasons":"#)
    writer.writeStrings(route.reasons.lazy.map(\.description))
    writer.writeRaw(#","orientations":"#)
    writer.writeStrings(route.orientations.shortNames)
  }

  /// The screen, the orientations, the reasons, and the value behind every key the decision
  /// read with the template's own explanation of it.
  static func explanation(_ outcome: RouteOutcome, router: ConfigRouter) -> String {
    let route = outcome.route
    var lines = AlignedColumns.format([
      ["screen", route.screen.name + detail(route.screen)],
      ["orientations", route.orientations.shortNames.joined(separator: ", ")],
    ])
    lines.append("because")
    lines += route.reasons.map { "  - \($0)" }
    guard let routed = outcome.routed else { return lines.joined(separator: "\n") }
    lines.append("values behind it (\(templateName(router.template)))")
    let keys = routed.configuration.keyNames
    for (key, explained) in zip(keys, router.explain(routed)) {
      let value = routed.values[key]
      lines.append("  \(key) = \(value.rawValue) (\(value.source))")
      lines += explained.reasons.map { "      \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  /// What the screen shows besides its name, for people: `: message` for maintenance.
  static func detail(_ screen: Screen) -> String {
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
