/// One `switchyard` command: its name, what it does in one line, its options and its body.
struct ToolCommand: Sendable {
  /// The word that selects the command, e.g. `evaluate`.
  let name: String
  /// One line for `switchyard --help`.
  let summary: String
  /// The synopsis, e.g. `switchyard validate T.json`.
  let synopsis: String
  /// The options the command accepts; anything else is a usage error.
  let options: [ToolOption]
  /// How many positional arguments the command accepts.
  let positionals: ClosedRange<Int>
  /// Runs the command; a thrown `UsageError` exits 2, any other error exits 1.
  let run: @Sendable (ParsedArguments, ToolIO) async throws -> ExitStatus

  init(
    name: String, summary: String, synopsis: String, options: [ToolOption] = [],
    positionals: ClosedRange<Int> = 0...0,
    run: @escaping @Sendable (ParsedArguments, ToolIO) async throws -> ExitStatus
  ) {
    self.name = name
    self.summary = summary
    self.synopsis = synopsis
    self.options = options
    self.positionals = positionals
    self.run = run
  }

  /// The command's help text: synopsis, summary and aligned options.
  var helpText: String {
    var lines = ["USAGE: \(synopsis)", "", summary]
    if !options.isEmpty {
      lines += ["", "OPTIONS:"]
      lines += AlignedColumns.format(options.map { [$0.displayName, $0.help] }, indent: 2)
    }
    return lines.joined(separator: "\n")
  }
}
