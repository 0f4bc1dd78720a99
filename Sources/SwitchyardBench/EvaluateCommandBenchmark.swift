import ConfigClient
import Core
import Foundation

/// The whole `switchyard evaluate` process over the evaluation benchmark's template and
/// contexts: the release tool next to this executable, spawned on a JSON-lines file of
/// contexts with its output discarded.
struct EvaluateCommandBenchmark {
  /// Context lines in the input file.
  static let lineCount = 10_000
  /// Runs timed, at most; the best is reported.
  static let runs = 3
  /// No further run starts once the runs so far took this long (a slow tool runs once).
  static let timeLimit = 10.0

  /// The best run's lines per second and the largest peak resident memory, or nil when
  /// there is no `switchyard` next to this executable.
  var measurement: (linesPerSecond: Double, peakMebibytes: Double, runs: Int)?
  /// Where the tool was looked for.
  var tool: URL

  /// Writes the files, runs the tool `runs` times and keeps the figures.
  /// - Throws: `ChildProcessError` when the tool fails, or a file error.
  static func measure() throws -> EvaluateCommandBenchmark {
    let tool = ClientBenchmark.executable.deletingLastPathComponent()
      .appendingPathComponent("switchyard")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      return EvaluateCommandBenchmark(measurement: nil, tool: tool)
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files = try EvaluationWorkload.writeFiles(in: directory, contexts: lineCount)
    let arguments = [
      "evaluate", "--template", files.template.path, "--defaults", files.defaults.path,
      "--contexts", files.contexts.path,
    ]
    var measurements: [MeasuredChild.Measurement] = []
    while measurements.count < runs, measurements.map(\.seconds).reduce(0, +) < timeLimit {
      measurements.append(try MeasuredChild.run(tool, arguments))
    }
    let best = measurements.map(\.seconds).min() ?? 1
    let peak = measurements.map(\.peakResidentBytes).max() ?? 0
    return EvaluateCommandBenchmark(
      measurement: (Double(lineCount) / best, Double(peak) / 1_048_576, measurements.count),
      tool: tool)
  }

  /// Prints the figures, or a note saying how to get them.
  func report(to report: BenchmarkReport) {
    guard let measurement else {
      report.note(
        "no \(tool.path): run 'swift build -c release --product switchyard' for the evaluate "
          + "figures")
      return
    }
    report.figure(
      "`switchyard evaluate` lines per second (best run)", measurement.linesPerSecond, unit: "/s")
    report.figure(
      "`switchyard evaluate` peak resident memory", measurement.peakMebibytes, unit: "MiB")
    report.note(
      "evaluate: \(Self.lineCount) context lines, every key printed, output discarded; the "
        + "whole process, best of \(measurement.runs) runs; peak memory from wait4")
  }
}
