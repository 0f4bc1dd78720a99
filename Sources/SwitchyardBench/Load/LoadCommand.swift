import Core

/// `switchyard-bench load --url http://host:port/path [--connections 64] [--idle 0]
/// [--seconds 10] [--threads 1] [--body JSON] [--server-pid PID]`: load on any HTTP/1.1
/// server (the OFREP path of `switchyard serve`, say), printing requests/s and latency, and
/// the server's peak memory when its process id is given (Linux, read from `/proc`).
enum LoadCommand {
  static let name = "load"
  static let options: Set<String> = [
    "--url", "--connections", "--idle", "--seconds", "--threads", "--body", "--server-pid",
  ]
  /// A small evaluation context, what an OFREP request carries.
  static let defaultBody = #"{"context":{"targetingKey":"user-1","tier":"paid"}}"#

  static func run(_ options: BenchOptions, _ io: BenchIO) async throws {
    var load = LoadGenerator(
      target: try LoadTarget(try options.required("--url")),
      body: Array((options.values["--body"] ?? defaultBody).utf8))
    load.connections = try number(options, "--connections", default: 64, in: 1...10_000)
    load.idle = try number(options, "--idle", default: 0, in: 0...100_000)
    load.seconds = Double(try number(options, "--seconds", default: 10, in: 1...3_600))
    load.threads = try number(options, "--threads", default: 1, in: 1...64)
    let serverProcess = try options.values["--server-pid"].map { _ in
      try number(options, "--server-pid", default: 0, in: 1...Int(Int32.max))
    }
    let report = BenchmarkReport(io: io, benchmark: name)
    report.note(
      "\(load.connections) connections, \(load.idle) idle, \(Int(load.seconds)) s, "
        + "\(load.threads) thread(s), POST \(load.target.path)")
    try await load.run().report(to: report, label: "\(load.connections) connections")
    if let serverProcess {
      guard let bytes = ResourceUsage.peakResidentBytes(ofProcess: serverProcess) else {
        return report.note("no peak memory for process \(serverProcess) (Linux's /proc only)")
      }
      report.figure("server peak resident memory", Double(bytes) / 1_048_576, unit: "MiB")
    }
  }

  /// The whole number option `name` gives, or `fallback`.
  private static func number(
    _ options: BenchOptions, _ name: String, default fallback: Int, in range: ClosedRange<Int>
  ) throws(BenchUsageError) -> Int {
    guard let text = options.values[name] else { return fallback }
    guard let value = Int(text), range.contains(value) else {
      throw BenchUsageError(
        "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "not \(Excerpt.quoted(text))")
    }
    return value
  }
}
