import ConfigClient
import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Benchmark {
  /// The remote-config client: fetching and activating a 1 MB template (time and peak
  /// memory), a new process's first value from a warm cache, and typed reads per second
  /// from the active snapshot under 8 concurrent readers.
  static let client = Benchmark(
    name: "client",
    summary: "Client: 1 MB activation, first value from a warm cache, concurrent typed reads."
  ) { report in
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
      fetchSeconds += try await seconds { _ = try await client.fetch() }
      activateSeconds += await seconds { changed += await client.activate().count }
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
    let line = try ChildProcess.run(executable, ["__client-activate", "--template", file.path])
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
  /// timing spawn to the value's line and to exit, against a bare `switchyard version`.
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
      try ChildProcess.time(executable, ["version"], expecting: SwitchyardTool.version)
    }
    report.figure(
      "process start to exit, `switchyard version`", median(bare.map(\.exit)), unit: "ms")
    for (namespace, body) in [("small", small), ("large", large)] {
      let arguments = [
        "__client-first-read", "--cache", directory.path, "--namespace", namespace, "--key",
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

  private static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).timeInterval
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[sorted.count / 2]
  }
}

/// Runs one read loop on each of several threads at once and times them together.
enum ConcurrentReaders {
  /// Starts `readers` threads that each run `body(reads)`; returns the wall time until the
  /// last finished and the sum of what they returned.
  static func run(
    readers: Int, reads: Int, _ body: @escaping @Sendable (Int) -> Int
  ) -> (seconds: Double, trues: Int) {
    let total = LockedState(0)
    let group = DispatchGroup()
    let start = ContinuousClock.now
    for _ in 0..<readers {
      group.enter()
      let thread = Thread {
        let result = body(reads)
        total.withLock { $0 += result }
        group.leave()
      }
      thread.start()
    }
    group.wait()
    return ((ContinuousClock.now - start).timeInterval, total.withLock { $0 })
  }
}

/// Spawns a child process and times it.
enum ChildProcess {
  /// What a spawn took, in milliseconds from just before the spawn.
  struct Timing {
    /// Until the first line of standard output arrived.
    var firstLine: Double
    /// Until the process exited.
    var exit: Double
  }

  /// Runs `executable` with `arguments` and returns its first output line.
  /// - Throws: `ChildProcessError` when it cannot start or fails.
  static func run(_ executable: URL, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw ChildProcessError(
        command: ([executable.path] + arguments).joined(separator: " "),
        message: "exited \(process.terminationStatus)")
    }
    return String(text.split(separator: "\n").first ?? "")
  }

  /// Runs `executable` with `arguments` and checks its first output line.
  /// - Throws: `ChildProcessError` when it cannot start, prints something else or fails.
  static func time(_ executable: URL, _ arguments: [String], expecting line: String) throws
    -> Timing
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let start = ContinuousClock.now
    try process.run()
    var received = Data()
    var firstLine: Duration?
    while firstLine == nil {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received.append(chunk)
      if received.contains(UInt8(ascii: "\n")) { firstLine = ContinuousClock.now - start }
    }
    process.waitUntilExit()
    let exit = ContinuousClock.now - start
    let text = String(decoding: received, as: UTF8.self)
    let first = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    guard process.terminationStatus == 0, first == line, let firstLine else {
      throw ChildProcessError(
        command: ([executable.path] + arguments).joined(separator: " "),
        message: "exited \(process.terminationStatus) printing '\(first)', expected '\(line)'")
    }
    return Timing(firstLine: firstLine.timeInterval * 1_000, exit: exit.timeInterval * 1_000)
  }
}

/// A benchmark child process that did not do what was expected.
struct ChildProcessError: Error, CustomStringConvertible {
  /// The command line.
  let command: String
  /// What went wrong.
  let message: String

  var description: String { "\(command): \(message)" }
}

/// The process's resource usage.
enum ResourceUsage {
  /// The peak resident set size so far, in bytes; nil where `getrusage` is unavailable.
  static func peakResidentBytes() -> Int? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var usage = rusage()
      #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
      #else
        let who = RUSAGE_SELF
      #endif
      guard getrusage(who, &usage) == 0 else { return nil }
      #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
      #else
        return Int(usage.ru_maxrss) * 1_024  // kilobytes on Linux
      #endif
    #else
      return nil
    #endif
  }
}

/// The synthetic templates and context the client benchmark uses.
enum ClientWorkload {
  static let parameterCount = 2_000
  static let conditionCount = 50

  /// A user who matches some conditions and not others.
  static let context = EvaluationContext(
    randomizationID: "bench-user-42", customSignals: ["tier": "paid", "grade": 4],
    appVersion: "2.4.1", platform: "ios", country: "JP")

  /// A client-format template of about `targetBytes` bytes (never more than Firebase's
  /// 1,000,000): 50 conditions mixing signals, percentages, versions and countries; string
  /// parameters padded to size, and a BOOLEAN `feature_enabled`. Every value carries
  /// `version`, so two versions differ in every key.
  static func template(version: Int, targetBytes: Int) -> [UInt8] {
    let limit = min(targetBytes, 1_000_000)
    let skeleton = bytes(version: version, parameters: min(parameterCount, 20), padding: 0)
    var parameters = parameterCount
    var padding = 0
    if limit < skeleton.count * 10 {
      parameters = 20
      padding = max(0, (limit - skeleton.count) / (parameters * 2))
    } else {
      let bare = bytes(version: version, parameters: parameters, padding: 0).count
      padding = max(0, (limit - bare) / (parameters * 2))
    }
    var result = bytes(version: version, parameters: parameters, padding: padding)
    while result.count > limit, padding > 0 {
      padding -= 1
      result = bytes(version: version, parameters: parameters, padding: padding)
    }
    return result
  }

  /// Written as text, not built as a `JSONValue`, so making the workload does not set the
  /// process's peak memory before the activation is measured.
  private static func bytes(version: Int, parameters count: Int, padding: Int) -> [UInt8] {
    var text = "{\"conditions\":["
    for index in 0..<conditionCount {
      let expression: String
      switch index % 5 {
      case 0: expression = "app.customSignal['tier'].exactlyMatches(['paid', 'gold'])"
      case 1: expression = "percent('seed_\(index)') <= \(index % 100)"
      case 2: expression = "app.version.>=(['2.\(index % 10).0'])"
      case 3: expression = "device.country in ['JP', 'US'] && device.os == 'ios'"
      default: expression = "app.customSignal['grade'] >= \(index % 6 + 1)"
      }
      if index > 0 { text += "," }
      text += "{\"name\":\"condition_\(index)\",\"expression\":\"\(expression)\"}"
    }
    text += "],\"parameters\":{\"feature_enabled\":{\"defaultValue\":{\"value\":\"false\"},"
    text +=
      "\"conditionalValues\":{\"condition_0\":{\"value\":\"true\"}},\"valueType\":\"BOOLEAN\"}"
    let filler = String(repeating: "x", count: padding)
    for index in 0..<count {
      let condition = "condition_\(index % conditionCount)"
      text += ",\"param_\(index)\":{\"defaultValue\":{\"value\":\"v\(version) default \(index) "
      text += filler + "\"},\"conditionalValues\":{\"\(condition)\":{\"value\":\"v\(version) "
      text += condition + " " + filler + "\"}},\"valueType\":\"STRING\"}"
    }
    text += "},\"version\":{\"versionNumber\":\"\(version)\"}}"
    return Array(text.utf8)
  }
}
