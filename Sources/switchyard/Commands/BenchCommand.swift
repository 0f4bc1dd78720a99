extension ToolCommand {
  /// `switchyard bench`: the benchmarks moved to their own executable, `switchyard-bench`, so
  /// the tool ships no benchmark code. Kept because a command is a public interface: an old
  /// script gets a usage error that names the command to run instead. `--only` is still
  /// accepted so the message is the same whatever the script passed.
  static let bench = ToolCommand(
    name: "bench",
    summary: "Moved: run 'swift run -c release switchyard-bench' for the benchmarks.",
    synopsis: "swift run -c release switchyard-bench [--only NAME]",
    options: [.value("--only", "NAME", "Run only this benchmark (in switchyard-bench).")]
  ) { arguments, _ in
    let only = arguments.value("--only").map { " --only \($0)" } ?? ""
    throw UsageError(
      command: "bench",
      message:
        "the benchmarks moved to their own tool; run 'swift run -c release switchyard-bench\(only)'"
    )
  }
}
