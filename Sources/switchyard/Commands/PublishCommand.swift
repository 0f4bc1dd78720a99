import ConfigEngine
import Core
import FirebaseServices

extension ToolCommand {
  /// `switchyard publish FILE`: publishes a template to a Firebase project.
  static let publish = makePublish(environment: .live)

  /// The `publish` command with `environment`'s credentials and hosts.
  ///
  /// FILE is checked as `validate` checks it first, and nothing is sent when it has errors
  /// (exit 1, each problem on standard error as `validate` prints it). FILE's `etag` goes as
  /// `If-Match`, so a template changed on Firebase since FILE was pulled is refused rather
  /// than overwritten; `--force` sends `*`. A FILE without an etag and no `--force` is a usage
  /// error (exit 2): it says to pull first. Once Google answered 200, standard output gets one
  /// JSON line, `{"version": N, "etag": "..."}` (or `{"valid": true}` with `--validate-only`),
  /// and the exit status is 0 whatever the answer holds: what Switchyard cannot read or
  /// evaluate in it is a warning on standard error. An answer that is not a template object
  /// at all says the change was made (exit 1), so nobody publishes it again.
  static func makePublish(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "publish",
      summary: "Validate a template locally, then publish it to a Firebase project.",
      synopsis:
        "switchyard publish FILE [--project P] [--server] [--validate-only] [--force]"
        + " [--message TEXT]",
      options: [
        FirebaseProject.projectOption,
        FirebaseProject.serverOption,
        .flag("--validate-only", "Have Firebase validate the template; publish nothing."),
        .flag("--force", "Publish even if the template changed on Firebase since FILE was pulled."),
        .value("--message", "TEXT", "The version's description, shown in the version history."),
      ],
      positionals: 1...1
    ) { arguments, io in
      let path = arguments.positionals[0]
      let force = arguments.flag("--force")
      let result = TemplateValidator().read(utf8: try InputFile.readData(at: path))
      let errors = result.problems.filter { $0.severity == .error }
      guard errors.isEmpty, var template = result.template else {
        for problem in result.problems { io.printError("\(path): \(problem)") }
        io.printError(
          "switchyard publish: error: \(path) has \(errors.count) error"
            + "\(errors.count == 1 ? "" : "s"); nothing was sent")
        return .failure
      }
      guard template.etag != nil || force else {
        throw UsageError(
          command: "publish",
          message:
            "\(path) has no etag, so Firebase cannot tell whether the template changed since: "
            + "pull it first ('switchyard pull --output \(path)'), edit it and publish it, or "
            + "pass --force to overwrite the template on Firebase")
      }
      if let message = arguments.value("--message") {
        var version = template.version ?? TemplateVersion()
        version.description = message
        template.version = version
      }
      let project = try await FirebaseProject.open(arguments, environment: environment)
      let management = project.management(arguments, environment: environment)
      do {
        if arguments.flag("--validate-only") {
          let validated = try await management.validate(template, force: force)
          TemplateWarnings.print(validated.warnings, command: "publish", io: io)
          io.printLine(#"{"valid":true}"#)
        } else {
          let published = try await management.publish(template, force: force)
          TemplateWarnings.print(published.warnings, command: "publish", io: io)
          io.printLine(FirebaseProject.versionLine(published))
          io.printError(
            "switchyard publish: \(project.projectID)'s \(management.namespace.rawValue) template "
              + "is now version \(published.versionNumber.map(String.init) ?? "?")")
        }
      } catch FirebaseManagementError.staleETag {
        io.printError(
          "switchyard publish: error: the template changed on Firebase since \(path) was pulled "
            + "(its etag \(template.etag ?? "") is no longer current): pull it again "
            + "('switchyard pull --output FILE'), reapply your changes and publish that, or "
            + "publish with --force to overwrite the newer template")
        return .failure
      }
      return .success
    }
  }
}
