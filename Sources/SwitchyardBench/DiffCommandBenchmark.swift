import Foundation

/// The whole `switchyard diff --users 100000` process over `DiffWorkload`'s templates: the
/// release tool next to this executable, run as `ToolRuns` runs it, its report discarded.
/// Wall time on a shared machine depends on the neighbours, so the CPU time the tool used
/// (user and system, all its threads) is reported too.
enum DiffCommandBenchmark {
  /// Runs timed, at most; the best is reported.
  static let runs = 3
  /// No further run starts once the runs so far took this long.
  static let timeLimit = 20.0

  /// Writes the templates, runs the tool and reports the figures, or a note saying how to
  /// get them when the tool is not built.
  /// - Throws: `ChildProcessError` when the tool fails, or a file error.
  static func measure(to report: BenchmarkReport) throws {
    guard ToolRuns.isBuilt else { return report.note(ToolRuns.missingNote) }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files = try DiffWorkload.writeFiles(in: directory)
    let measurement = try ToolRuns.measure(
      [
        "diff", files.old.path, files.new.path, "--users", String(DiffWorkload.users), "--now",
        "2026-01-01T00:00:00Z",
      ], runs: runs, timeLimit: timeLimit)
    report.figure("`switchyard diff --users 100000` (best run)", measurement.bestSeconds, unit: "s")
    report.figure("its CPU time, user and system", measurement.bestCPUSeconds, unit: "s")
    report.figure("its peak resident memory", measurement.peakMebibytes, unit: "MiB")
    report.note(
      "\(DiffWorkload.users) synthetic users through two 200-parameter, 50-condition templates "
        + "(conditions reversed, percents halved): two evaluations and two routes each; the "
        + "whole process, best of \(measurement.runs) runs")
  }
}
