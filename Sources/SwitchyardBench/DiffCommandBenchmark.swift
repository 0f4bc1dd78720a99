import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole `switchyard diff --users 100000` process over `DiffWorkload`'s templates: the
/// release tool next to this executable, its report discarded. Wall time on a shared machine
/// depends on the neighbours, so the CPU time the tool used (user and system, all its
/// threads) is reported too.
struct DiffCommandBenchmark {
  /// Runs timed, at most; the best is reported.
  static let runs = 3
  /// No further run starts once the runs so far took this long.
  static let timeLimit = 20.0

  /// The best run's seconds, its CPU seconds, the largest peak resident memory and the
  /// number of runs, or nil when there is no `switchyard` next to this executable.
  var measurement: (seconds: Double, cpuSeconds: Double?, peakMebibytes: Double, runs: Int)?
  /// Where the tool was looked for.
  var tool: URL

  /// Writes the templates, runs the tool up to `runs` times and keeps the figures.
  /// - Throws: `ChildProcessError` when the tool fails, or a file error.
  static func measure() throws -> DiffCommandBenchmark {
    let tool = ClientBenchmark.executable.deletingLastPathComponent()
      .appendingPathComponent("switchyard")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      return DiffCommandBenchmark(measurement: nil, tool: tool)
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files = try DiffWorkload.writeFiles(in: directory)
    let arguments = [
      "diff", files.old.path, files.new.path, "--users", String(DiffWorkload.users), "--now",
      "2026-01-01T00:00:00Z",
    ]
    var runs: [(seconds: Double, cpu: Double?, peak: Int)] = []
    while runs.count < Self.runs, runs.map(\.seconds).reduce(0, +) < timeLimit {
      let cpuBefore = childrenCPUSeconds()
      let measured = try MeasuredChild.run(tool, arguments)
      let cpuAfter = childrenCPUSeconds()
      let cpu = cpuBefore.flatMap { before in cpuAfter.map { $0 - before } }
      runs.append((measured.seconds, cpu, measured.peakResidentBytes))
    }
    let best = runs.min { $0.seconds < $1.seconds }
    return DiffCommandBenchmark(
      measurement: best.map {
        ($0.seconds, $0.cpu, Double(runs.map(\.peak).max() ?? 0) / 1_048_576, runs.count)
      }, tool: tool)
  }

  /// Prints the figures, or a note saying how to get them.
  func report(to report: BenchmarkReport) {
    guard let measurement else {
      report.note(
        "no \(tool.path): run 'swift build -c release --product switchyard' for the diff figures")
      return
    }
    report.figure("`switchyard diff --users 100000` (best run)", measurement.seconds, unit: "s")
    if let cpu = measurement.cpuSeconds {
      report.figure("its CPU time, user and system", cpu, unit: "s")
    }
    report.figure("its peak resident memory", measurement.peakMebibytes, unit: "MiB")
    report.note(
      "\(DiffWorkload.users) synthetic users through two 200-parameter, 50-condition templates "
        + "(conditions reversed, percents halved): two evaluations and two routes each; the "
        + "whole process, best of \(measurement.runs) runs")
  }

  /// The CPU time, user and system, of the children this process has waited for; nil where
  /// `getrusage` is unavailable. The difference around one child is that child's.
  private static func childrenCPUSeconds() -> Double? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var usage = rusage()
      #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
      #else
        let who = RUSAGE_CHILDREN
      #endif
      guard getrusage(who, &usage) == 0 else { return nil }
      func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
      }
      return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    #else
      return nil
    #endif
  }
}
