import Core
import Foundation

/// The whole `switchyard evaluate` process over the evaluation benchmark's template and
/// contexts: the release tool next to this executable, spawned on a JSON-lines file of
/// contexts with its output discarded.
struct EvaluateCommandBenchmark {
  /// Runs timed, at most; the best is reported.
  static let runs = 3
  /// No further run starts once the runs so far took this long (a long input runs once).
  static let timeLimit = 10.0

  /// Context lines in the input file.
  var lines: Int
  /// The runs' figures, or nil when there is no `switchyard` next to this executable.
  var measurement: ToolRuns?

  /// Writes the files with `lines` contexts, runs the tool and keeps the figures.
  /// - Throws: `ChildProcessError` when the tool fails, or a file error.
  static func measure(lines: Int) throws -> EvaluateCommandBenchmark {
    guard ToolRuns.isBuilt else { return EvaluateCommandBenchmark(lines: lines, measurement: nil) }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files = try EvaluationWorkload.writeFiles(in: directory, contexts: lines)
    let arguments = [
      "evaluate", "--template", files.template.path, "--defaults", files.defaults.path,
      "--contexts", files.contexts.path,
    ]
    return EvaluateCommandBenchmark(
      lines: lines, measurement: try ToolRuns.measure(arguments, runs: runs, timeLimit: timeLimit))
  }

  /// Prints the figures, or a note saying how to get them.
  func report(to report: BenchmarkReport) {
    guard let measurement else { return report.note(ToolRuns.missingNote) }
    report.figure(
      "`switchyard evaluate` lines per second (best run)",
      Double(lines) / measurement.bestSeconds, unit: "/s")
    report.figure(
      "`switchyard evaluate` peak resident memory", measurement.peakMebibytes, unit: "MiB")
    report.note(
      "evaluate: \(lines) context lines (--lines), every key printed, output discarded; the "
        + "whole process, best of \(measurement.runs) runs; peak memory from wait4")
  }
}
