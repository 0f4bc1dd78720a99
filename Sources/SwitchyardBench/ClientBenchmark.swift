import ConfigClient
import Core
import Foundation

/// The client benchmark's three measurements.
enum ClientBenchmark {
  /// Fetch (parse, validate, compile, save) and activate (evaluate, diff, save) a 1 MB
  /// template, alternating two versions so every activation changes every key.
  static func activation(_ report: BenchmarkReport, large: [UInt8]) async throws {
    let other = ClientWorkload.template(version: 2, targetBytes: 990_000)
    let source = InMemoryTemplateSource()
    let client = RemoteConfigClient(
      settings: RemoteConfigSettings(minimumFetchInterval: .zero), source: source,
      store: InMemoryConfigStore(), context: ClientWorkload.context)
    let rounds = 6
    var fetchSeconds = 0.0
    var activateSeconds = 0.0
    var changed = 0
    for round in 0..<rounds {
      let body = round.isMultiple(of: 2) ? large : other
      source.enqueue(.respond(.template(body: body, etag: "etag-\(round)")))
      fetchSeconds += try await Stopwatch.seconds { _ = try await client.fetch() }
      activateSeconds += await Stopwatch.seconds { changed += await client.activate().count }
    }
    let fetchMs = fetchSeconds / Double(rounds) * 1_000
    let activateMs = activateSeconds / Double(rounds) * 1_000
    report.figure("1 MB fetch: parse, validate, compile, save", fetchMs, unit: "ms")
    report.figure("1 MB activate: evaluate, diff, save", activateMs, unit: "ms")
    report.figure("1 MB fetch + activate", fetchMs + activateMs, unit: "ms")
    report.note(
      "template \(large.count) bytes, \(ClientWorkload.parameterCount) parameters, "
        + "\(ClientWorkload.conditionCount) conditions; \(rounds) rounds, "
        + "\(changed / rounds) keys changed per activation")
  }

  /// Runs `__client-activate` on `template` in a new process: its peak resident memory
  /// (MiB) when it starts and after the fetch and activation, and the time they took.
  static func activationProbe(
    _ template: [UInt8]
  ) throws -> (start: Double, peak: Double, milliseconds: Double) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("template.json")
    try Data(template).write(to: file)
    let line = try ChildProcess.run(
      executable, [ClientProbe.activate.name, "--template", file.path])
    let fields = line.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 4 else {
      throw ChildProcessError(command: "__client-activate", message: "printed '\(line)'")
    }
    let mebibyte = 1_048_576.0
    return (fields[0] / mebibyte, fields[1] / mebibyte, fields[2])
  }

  /// This executable, for the probes.
  static var executable: URL {
    URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
  }

  /// Spawns this executable to restore a client from a warm cache and print one value,
  /// timing spawn to the value's line and to exit, against a bare start (`__start`).
  static func warmStart(_ report: BenchmarkReport, large: [UInt8]) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let small = ClientWorkload.template(version: 1, targetBytes: 20_000)
    for (namespace, body) in [("large", large), ("small", small)] {
      let client = RemoteConfigClient(
        source: InMemoryTemplateSource([.respond(.template(body: body, etag: namespace))]),
        store: FileConfigStore(directory: directory, namespace: namespace),
        context: ClientWorkload.context)
      _ = try await client.fetchAndActivate()
    }
    let runs = 7
    let bare = try (0..<runs).map { _ in
      try ChildProcess.time(executable, [ClientProbe.start.name], expecting: "started")
    }
    report.figure(
      "process start to exit, bare `switchyard-bench __start`", median(bare.map(\.exit)),
      unit: "ms")
    for (namespace, body) in [("small", small), ("large", large)] {
      let arguments = [
        ClientProbe.firstRead.name, "--cache", directory.path, "--namespace", namespace, "--key",
        "feature_enabled",
      ]
      let timings = try (0..<runs).map { _ in
        try ChildProcess.time(executable, arguments, expecting: "true")
      }
      let size = body.count >= 100_000 ? "1 MB" : "\(body.count / 1_000) kB"
      report.figure(
        "process start to first value, warm \(size) cache", median(timings.map(\.firstLine)),
        unit: "ms")
    }
    report.note("median of \(runs) spawns of \(executable.lastPathComponent) per figure")
  }

  /// Eight threads read a typed Boolean from the 1 MB template's active snapshot, each from
  /// a snapshot it holds (no lock: the intended use); then taking the snapshot on every read
  /// (the lock on every read), with 8 threads and with one thread per core.
  static func concurrentReads(_ report: BenchmarkReport, large: [UInt8]) async throws {
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource([.respond(.template(body: large, etag: nil))]),
      context: ClientWorkload.context)
    _ = try await client.fetchAndActivate()
    let key = ConfigKey<Bool>("feature_enabled", default: false)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let reads = 1_000_000
    var trues = 0
    for (readers, perRead) in [(8, false), (8, true), (cores, true)] {
      let result = ConcurrentReaders.run(readers: readers, reads: reads) { count in
        var trues = 0
        if perRead {
          for _ in 0..<count where client.snapshot[key] { trues += 1 }
        } else {
          let snapshot = client.snapshot
          for _ in 0..<count where snapshot[key] { trues += 1 }
        }
        return trues
      }
      trues += result.trues
      let how = perRead ? "taking the snapshot per read" : "from a held snapshot"
      report.figure(
        "typed reads/s, \(readers) readers, \(how)", Double(readers * reads) / result.seconds,
        unit: "/s")
    }
    report.note("\(reads) reads per reader on \(cores) cores; \(trues) reads saw true")
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[sorted.count / 2]
  }
}
