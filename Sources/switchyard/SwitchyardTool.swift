import Core
import FirebaseServices

/// The `switchyard` command-line tool: finds the command named by the first argument,
/// parses the rest against its options and runs it, mapping errors to exit statuses.
enum SwitchyardTool {
  /// The package version `switchyard version` prints: the one Google's APIs see too.
  static let version = SwitchyardVersion.current

  /// Every command, in the order `--help` lists them.
  static let commands: [ToolCommand] = [
    .route,
    .home,
    .simulate,
    .diff,
    .check,
    .root,
    .evaluate,
    .validate,
    .fetch,
    .watch,
    .serve,
    .pull,
    .publish,
    .versions,
    .rollback,
    .keys,
    .defaults,
    .orientation,
    .bench,
    .version,
  ]

  /// Runs the tool with `arguments` (without the program name) on `io`. A command in
  /// `replacements` answers to its name instead of the registered one: tests pass `fetch` and
  /// `watch` built on a clock they move.
  static func run(
    arguments: [String], io: ToolIO, replacing replacements: [ToolCommand] = []
  ) async -> ExitStatus {
    guard let first = arguments.first,
      !["-h", "--help", "help"].contains(first) || arguments.count > 1
    else {
      io.printLine(overview)
      return .success
    }
    if first == "--version" {
      io.printLine(version)
      return .success
    }
    if first == "help" {
      guard let command = command(named: arguments[1], replacing: replacements) else {
        return fail(
          UsageError(command: nil, message: "unknown command \(Excerpt.quoted(arguments[1]))"), io)
      }
      io.printLine(command.helpText)
      return .success
    }
    guard let command = command(named: first, replacing: replacements) else {
      let message =
        first.hasPrefix("-")
        ? "unknown option \(Excerpt.quoted(first))" : "unknown command \(Excerpt.quoted(first))"
      return fail(UsageError(command: nil, message: message), io)
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      io.printLine(command.helpText)
      return .success
    }
    do {
      let parsed = try CommandLineParser.parse(rest, for: command)
      return try await command.run(parsed, io)
    } catch let error as UsageError {
      return fail(error, io)
    } catch {
      io.printError("switchyard \(command.name): error: \(error)")
      return .failure
    }
  }

  private static func command(
    named name: String, replacing replacements: [ToolCommand]
  ) -> ToolCommand? {
    (replacements + commands).first { $0.name == name }
  }

  private static func fail(_ error: UsageError, _ io: ToolIO) -> ExitStatus {
    io.printError(error.description)
    return .usage
  }

  /// The text `switchyard --help` prints.
  static var overview: String {
    var lines = [
      "switchyard \(version): evaluate Firebase Remote Config templates and root-routing",
      "decisions locally, with the reasons behind every answer.",
      "",
      "USAGE: switchyard <command> [options]",
      "",
      "COMMANDS:",
    ]
    lines += AlignedColumns.format(commands.map { [$0.name, $0.summary] }, indent: 2)
    lines += ["", "Run 'switchyard help <command>' for a command's options."]
    return lines.joined(separator: "\n")
  }
}
