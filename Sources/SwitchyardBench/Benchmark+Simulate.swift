import Foundation

extension Benchmark {
  /// The release `switchyard simulate --users 1000000` as a whole process: a million
  /// synthetic users through the sample template and the router on every core, its time and
  /// peak memory taken as the `evaluate` figure's are.
  static let simulate = Benchmark(
    name: "simulate",
    summary: "The release `switchyard simulate --users 1000000`: time and peak memory."
  ) { report, _ in
    guard ToolRuns.isBuilt else { return report.note(ToolRuns.missingNote) }
    // A fixed seed and time, so every run routes the same users the same way.
    let measurement = try ToolRuns.measure(
      ["simulate", "--users", "1000000", "--seed", "1", "--now", "2026-06-01T12:00:00Z"],
      runs: 3, timeLimit: 20)
    report.figure(
      "`switchyard simulate --users 1000000` (best run)", measurement.bestSeconds, unit: "s")
    report.figure(
      "`switchyard simulate` peak resident memory", measurement.peakMebibytes, unit: "MiB")
    report.note(
      "simulate: 1,000,000 users, seed 1, the sample template; the whole process, best of "
        + "\(measurement.runs) runs; peak memory from wait4")
  }
}
