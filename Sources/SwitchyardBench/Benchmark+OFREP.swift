import ConfigEngine
import Core
import Foundation

extension Benchmark {
  /// The release `switchyard serve` as a child process on the evaluation benchmark's
  /// 200-parameter, 50-condition template, loaded from this process over 64 keep-alive
  /// connections: single-flag OFREP evaluations, bulk evaluations of every flag, both again
  /// with 1,000 idle connections held open, and a 60-second soak that samples the
  /// server's resident memory, so each figure is the whole path a remote OpenFeature SDK meets.
  static let ofrep = Benchmark(
    name: "ofrep",
    summary: "The release `switchyard serve`: OFREP single and bulk, 1,000 idle, a 60 s soak."
  ) { report, _ in
    guard ToolRuns.isBuilt else { return report.note(ToolRuns.missingNote) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "switchyard-bench-ofrep-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = try EvaluationWorkload.writeFiles(in: directory, contexts: 0)
    let server = try ServedChild(
      ToolRuns.tool,
      [
        "serve", "--template", files.template.path, "--defaults", files.defaults.path,
        "--port", "0",
      ])
    defer { server.stop() }
    let body = ofrepBody()
    var single = LoadGenerator(
      target: try LoadTarget(server.url + "/ofrep/v1/evaluate/flags/param_7"), body: body)
    single.seconds = 10
    report.note(
      "switchyard serve (release) as a child; load from this process on one thread, 10 s each")
    let singleAlone = try await single.run()
    singleAlone.report(to: report, label: "single flag, 64 connections")
    var bulk = LoadGenerator(
      target: try LoadTarget(server.url + "/ofrep/v1/evaluate/flags"), body: body)
    bulk.seconds = 10
    let bulkAlone = try await bulk.run()
    bulkAlone.report(to: report, label: "bulk (201 flags), 64 connections")
    // The bar: with 1,000 idle connections held, each figure drops by less than 20 %.
    @Sendable func withIdle(_ generator: LoadGenerator, _ alone: LoadResult, _ label: String)
      async throws
    {
      var held = generator
      held.idle = 1_000
      let result = try await held.run()
      result.report(to: report, label: "\(label), 64 + 1,000 idle")
      let change = result.requestsPerSecond / max(alone.requestsPerSecond, 1) - 1
      report.figure("\(label): change with 1,000 idle", change * 100, unit: "%")
    }
    try await withIdle(single, singleAlone, "single flag")
    // The soak: ten 6-second rounds back to back, the server's resident memory after each.
    var samples: [Double] = []
    for _ in 0..<10 {
      single.seconds = 6
      _ = try await single.run()
      samples.append(Double(ResourceUsage.residentBytes(ofProcess: server.id) ?? 0) / 1_048_576)
    }
    report.figure("soak: server resident memory after 6 s", samples.first ?? 0, unit: "MiB")
    report.figure("soak: after 60 s", samples.last ?? 0, unit: "MiB")
    let growth = (samples.last ?? 0) / max(samples.first ?? 1, 1) - 1
    report.figure("soak: growth from 6 s to 60 s", growth * 100, unit: "%")
    // After the soak: each idle connection is first served one bulk answer (about 40 KB),
    // whose freed memory the allocator keeps, which would swell the soak's figures.
    try await withIdle(bulk, bulkAlone, "bulk")
    if let peak = ResourceUsage.peakResidentBytes(ofProcess: server.id) {
      report.figure("server peak resident memory", Double(peak) / 1_048_576, unit: "MiB")
    }
  }

  /// An OFREP request for one of the workload's users: its randomization id as the targeting
  /// key, its custom signals as attributes (`EvaluationWorkload.openFeatureContext`).
  static func ofrepBody() -> [UInt8] {
    var random = SeededRandomGenerator(seed: 7)
    let context = EvaluationWorkload.openFeatureContext(
      EvaluationWorkload.context(3, random: &random))
    return Array(JSONValue.object(JSONObject([("context", .object(context))])).jsonText.utf8)
  }
}

/// `switchyard serve` running as a child: started with `--port 0`, its address read from the
/// first line it prints, stopped with SIGTERM.
final class ServedChild {
  private let process: Process
  /// `http://127.0.0.1:PORT`.
  let url: String
  /// The child's process id.
  let id: Int

  init(_ executable: URL, _ arguments: [String]) throws {
    let (process, output) = try ChildProcess.start(executable, arguments)
    self.process = process
    id = Int(process.processIdentifier)
    let line = ChildProcess.firstLine(of: output) ?? ""
    guard
      case .object(let object)? = try? JSONParser().parse(Array(line.utf8)),
      case .string(let url)? = object["listening"]
    else {
      process.terminate()
      throw ChildProcessError(
        command: ([executable.path] + arguments).joined(separator: " "),
        message: "printed '\(line)', not {\"listening\": URL}")
    }
    self.url = url
  }

  /// Sends SIGTERM and waits for the child to end.
  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
