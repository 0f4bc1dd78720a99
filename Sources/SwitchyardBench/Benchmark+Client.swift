import Core

extension Benchmark {
  /// The remote-config client: fetching and activating a 1 MB template (time and peak
  /// memory), a new process's first value from a warm cache, and typed reads per second
  /// from the active snapshot under 8 concurrent readers.
  static let client = Benchmark(
    name: "client",
    summary: "Client: 1 MB activation, first value from a warm cache, concurrent typed reads."
  ) { report, _ in
    let large = ClientWorkload.template(version: 1, targetBytes: 990_000)
    // First, while this process is small: a spawned process starts from the peak memory of
    // the one that spawned it (Linux carries it across exec), which would mask its own.
    let probe = try ClientBenchmark.activationProbe(large)
    try await ClientBenchmark.activation(report, large: large)
    report.figure("peak resident memory, new process, start", probe.start, unit: "MiB")
    report.figure("peak resident memory, same, after 1 MB activation", probe.peak, unit: "MiB")
    report.figure("  that process's fetch + activate", probe.milliseconds, unit: "ms")
    try await ClientBenchmark.warmStart(report, large: large)
    try await ClientBenchmark.concurrentReads(report, large: large)
  }
}
