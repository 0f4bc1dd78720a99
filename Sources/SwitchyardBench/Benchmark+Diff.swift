extension Benchmark {
  /// The release `switchyard diff` over a synthetic population of 100,000 users, the whole
  /// process: the promise is a few seconds on a two-core machine.
  static let diff = Benchmark(
    name: "diff",
    summary: "`switchyard diff --users 100000` of two 200-parameter templates, whole process."
  ) { report, _ in
    try DiffCommandBenchmark.measure(to: report)
  }
}
