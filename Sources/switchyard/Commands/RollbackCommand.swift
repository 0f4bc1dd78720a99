import ConfigEngine
import Core
import FirebaseServices

extension ToolCommand {
  /// `switchyard rollback --to N`: makes an earlier version current again.
  static let rollback = makeRollback(environment: .live)

  /// The `rollback` command with `environment`'s credentials and hosts.
  ///
  /// Firebase publishes version N's template as a new version; standard output gets one JSON
  /// line, `{"version": M, "etag": "..."}`, M being that new version, and the exit status is 0
  /// once Google answered 200: what Switchyard cannot read or evaluate in the answer is a
  /// warning on standard error.
  static func makeRollback(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "rollback",
      summary: "Make an earlier template version current again (as a new version).",
      synopsis: "switchyard rollback --to N [--project P] [--server]",
      options: [
        .value("--to", "N", "The version to roll back to."),
        FirebaseProject.projectOption,
        FirebaseProject.serverOption,
      ]
    ) { arguments, io in
      guard let target = try arguments.integer("--to", in: 1...Int.max) else {
        throw UsageError(command: "rollback", message: "missing required option '--to'")
      }
      let project = try await FirebaseProject.open(arguments, environment: environment)
      let management = project.management(arguments, environment: environment)
      let current = try await management.rollback(to: target)
      TemplateWarnings.print(current.warnings, command: "rollback", io: io)
      io.printLine(FirebaseProject.versionLine(current))
      io.printError(
        "switchyard rollback: \(project.projectID)'s \(management.namespace.rawValue) template "
          + "is now version \(current.versionNumber.map(String.init) ?? "?"), a copy of version "
          + "\(target)")
      return .success
    }
  }
}
