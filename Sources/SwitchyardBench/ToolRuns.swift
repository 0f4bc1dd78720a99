import Foundation

/// The release `switchyard` next to this executable run as a whole process, a few times, with
/// its output discarded: the best wall time and the largest peak resident memory. How the
/// `evaluate` and `simulate` figures are taken.
struct ToolRuns {
  /// The best run's wall time, from just before the spawn until the tool was reaped.
  let bestSeconds: Double
  /// The CPU time (user and system, every thread) of the best run, from its own `wait4`. On
  /// a shared machine it says what the run cost when the wall time says more about the
  /// neighbours.
  let bestCPUSeconds: Double
  /// The largest peak resident memory of any run, in MiB.
  let peakMebibytes: Double
  /// How many runs were made.
  let runs: Int

  /// Where the tool is looked for: next to this executable, as `swift build -c release`
  /// puts both.
  static var tool: URL {
    ClientBenchmark.executable.deletingLastPathComponent().appendingPathComponent("switchyard")
  }

  /// Whether the tool is there to run.
  static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: tool.path) }

  /// The note printed instead of `figures` when the tool is not built.
  static var missingNote: String {
    "no \(tool.path): run 'swift build -c release --product switchyard' for the tool's figures"
  }

  /// Runs the tool with `arguments` up to `runs` times; no run starts once the runs so far
  /// took `timeLimit` seconds, so a slow tool runs once.
  /// - Throws: `ChildProcessError` when the tool fails.
  static func measure(_ arguments: [String], runs: Int, timeLimit: Double) throws -> ToolRuns {
    var measured: [(seconds: Double, cpu: Double)] = []
    var peak = 0
    while measured.count < max(1, runs), measured.map(\.seconds).reduce(0, +) < timeLimit {
      let watch = Stopwatch()
      let run = try MeasuredChild.run(tool, arguments)
      measured.append((watch.seconds, run.cpuSeconds))
      peak = max(peak, run.peakResidentBytes)
    }
    let best = measured.min { $0.seconds < $1.seconds }
    return ToolRuns(
      bestSeconds: best?.seconds ?? 0, bestCPUSeconds: best?.cpu ?? 0,
      peakMebibytes: Double(peak) / 1_048_576, runs: measured.count)
  }
}
