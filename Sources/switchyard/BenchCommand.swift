import Core

extension ToolCommand {
  /// `switchyard bench`: runs the performance benchmarks and prints their figures. Build
  /// with `-c release` for figures that mean anything.
  static let bench = ToolCommand(
    name: "bench",
    summary: "Run the benchmarks and print figures (use swift run -c release).",
    synopsis: "swift run -c release switchyard bench [--only NAME]",
    options: [.value("--only", "NAME", "Run only this benchmark.")]
  ) { arguments, io in
    let selected = arguments.value("--only")
    let benchmarks = Benchmark.all.filter { selected == nil || $0.name == selected }
    guard !benchmarks.isEmpty else {
      let names = Benchmark.all.map(\.name).joined(separator: ", ")
      throw UsageError(
        command: "bench", message: "no benchmark named '\(selected ?? "")'; have: \(names)")
    }
    #if DEBUG
      io.printError(
        "switchyard bench: warning: debug build; use 'swift run -c release switchyard bench'")
    #endif
    for benchmark in benchmarks {
      try await benchmark.run(BenchmarkReport(io: io, benchmark: benchmark.name))
    }
    return .success
  }
}

extension Benchmark {
  /// Every benchmark, in the order they run.
  static let all: [Benchmark] = [.evaluation, .routing, .client]
}
