/// `switchyard-bench`: runs the performance benchmarks and prints their figures, apart from
/// the `switchyard` tool so the tool ships no benchmark code, probes or libc calls. Build with
/// `-c release` for figures that mean anything.
enum BenchTool {
  /// The exit statuses, as the `switchyard` tool uses them.
  enum Status {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
  }

  /// Runs the tool with `arguments` (without the program name) on `io`.
  static func run(arguments: [String], io: BenchIO) async -> Int32 {
    if let first = arguments.first, ["-h", "--help", "help"].contains(first) {
      io.printLine(help)
      return Status.success
    }
    if let status = EvaluationProbe.run(arguments: arguments, io: io) { return status }
    let probe = arguments.first.flatMap(ClientProbe.named)
    let command = probe.map { "switchyard-bench \($0.name)" } ?? "switchyard-bench"
    do {
      if let probe {
        try await probe.run(BenchOptions(arguments.dropFirst(), allowed: probe.options), io)
      } else {
        try await runBenchmarks(BenchOptions(arguments, allowed: ["--only", "--lines"]), io)
      }
      return Status.success
    } catch let error as BenchUsageError {
      io.printError("\(command): \(error) (see 'switchyard-bench --help')")
      return Status.usage
    } catch {
      io.printError("\(command): error: \(error)")
      return Status.failure
    }
  }

  private static func runBenchmarks(_ options: BenchOptions, _ io: BenchIO) async throws {
    let selected = options.values["--only"]
    let settings = try BenchSettings(options)
    let benchmarks = Benchmark.all.filter { selected == nil || $0.name == selected }
    guard !benchmarks.isEmpty else {
      let names = Benchmark.all.map(\.name).joined(separator: ", ")
      throw BenchUsageError("no benchmark named '\(selected ?? "")'; have: \(names)")
    }
    #if DEBUG
      io.printError(
        "switchyard-bench: warning: debug build; use 'swift run -c release switchyard-bench'")
    #endif
    for benchmark in benchmarks {
      try await benchmark.run(BenchmarkReport(io: io, benchmark: benchmark.name), settings)
    }
  }

  /// The text `--help` prints: the usage and every benchmark (the probes stay unlisted).
  static var help: String {
    let width = Benchmark.all.map(\.name.count).max() ?? 0
    let rows = Benchmark.all.map { benchmark in
      "  " + benchmark.name + String(repeating: " ", count: width - benchmark.name.count + 2)
        + benchmark.summary
    }
    return
      ([
        "USAGE: swift run -c release switchyard-bench [--only NAME] [--lines N]",
        "       swift run -c release switchyard-bench load --url http://HOST:PORT/PATH",
        "         [--connections 64] [--idle 0] [--seconds 10] [--threads 1] [--body JSON]",
        "         [--server-pid PID]", "",
        "  --only NAME  Run one benchmark.",
        "  --lines N    Context lines for the `switchyard evaluate` figure (default 10000).",
        "", "BENCHMARKS:",
      ] + rows)
      .joined(separator: "\n")
  }
}
