import ConfigEngine
import Core
import FirebaseServices

extension ToolCommand {
  /// `switchyard pull`: downloads a Firebase project's template.
  static let pull = makePull(environment: .live)

  /// The `pull` command with `environment`'s credentials and hosts.
  ///
  /// Standard output (or `--output`) gets the template as Firebase sent it (every member and
  /// every expression kept as text, indented by two spaces), with the `ETag` Firebase answered
  /// with in its `etag` member: that is what `publish` sends back as `If-Match`. One line on
  /// standard error says which version was pulled, after a warning for each part Switchyard
  /// cannot read or evaluate (a condition element newer than this version, say).
  static func makePull(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "pull",
      summary: "Download a Firebase project's template, with its etag, as JSON.",
      synopsis: "switchyard pull [--project P] [--server] [--version N] [--output FILE]",
      options: [
        FirebaseProject.projectOption,
        FirebaseProject.serverOption,
        .value("--version", "N", "That version instead of the current one."),
        .value("--output", "FILE", "Write the template to FILE instead of standard output."),
      ]
    ) { arguments, io in
      let version = try arguments.integer("--version", in: 1...Int.max)
      let project = try await FirebaseProject.open(arguments, environment: environment)
      let management = project.management(arguments, environment: environment)
      let template = try await management.template(versionNumber: version)
      let text = template.json.prettyJSONText
      TemplateWarnings.print(template.warnings, command: "pull", io: io)
      let output = arguments.value("--output")
      if let output {
        try OutputFile.write(text, to: output)
      } else {
        io.printLine(text)
      }
      let number = template.versionNumber.map { "version \($0)" } ?? "a template without a version"
      io.printError(
        "switchyard pull: \(number) of \(project.projectID)'s \(management.namespace.rawValue) "
          + "template, etag \(template.etag)"
          + (output.map { ", written to \($0)" } ?? ""))
      return .success
    }
  }
}
