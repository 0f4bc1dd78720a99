import ConfigClient
import Core

/// A command beside the benchmarks, named by the first argument: `load`, and the probes the
/// benchmarks run in a process of their own, so what they measure (the time to a first value,
/// peak memory) belongs to that work alone (those start with `__` and are not in `--help`).
struct ClientProbe: Sendable {
  /// The word that selects the probe, e.g. `__client-first-read`.
  let name: String
  /// The options it accepts, each taking a value.
  let options: Set<String>
  let run: @Sendable (BenchOptions, BenchIO) async throws -> Void

  static let all: [ClientProbe] = [.load, .start, .firstRead, .activate, .httpServer]

  /// `load`: load on any HTTP server (see `LoadCommand`).
  static let load = ClientProbe(
    name: LoadCommand.name, options: LoadCommand.options, run: LoadCommand.run)

  /// The probe named `name`, if there is one.
  static func named(_ name: String) -> ClientProbe? {
    all.first { $0.name == name }
  }

  /// `__start`: prints `started` and exits, the cost of starting this process at all, which
  /// the warm-start figures include.
  static let start = ClientProbe(name: "__start", options: []) { _, io in
    io.printLine("started")
  }

  /// `__client-first-read --cache DIR --key KEY [--namespace NAME]`: restores a client from
  /// a cache directory, without a network, and prints one value; timed from spawn to the
  /// first value read from a warm cache.
  static let firstRead = ClientProbe(
    name: "__client-first-read", options: ["--cache", "--key", "--namespace"]
  ) { options, io in
    let directory = try options.required("--cache")
    let key = try options.required("--key")
    let store = FileConfigStore(
      directoryPath: directory, namespace: options.values["--namespace"] ?? "default")
    // No source answers: the value must come from the cache alone.
    let client = RemoteConfigClient(source: InMemoryTemplateSource(), store: store)
    for reason in await client.restore() where reason.kind == .diagnostic {
      io.printError("switchyard-bench __client-first-read: \(reason)")
    }
    io.printLine(client.snapshot[key].rawValue)
  }

  /// `__client-activate --template FILE`: fetches a template file into a fresh client,
  /// activates it and prints `<peak RSS before> <peak RSS after> <milliseconds> <changed
  /// keys>`, so the peak memory reported belongs to the activation alone (a process started
  /// by `swift run` inherits the peak of the `swift` driver it replaced).
  static let activate = ClientProbe(name: "__client-activate", options: ["--template"]) {
    options, io in
    let path = try options.required("--template")
    let before = ResourceUsage.peakResidentBytes() ?? 0
    let watch = Stopwatch()
    let client = RemoteConfigClient(
      source: FileTemplateSource(path: path), context: ClientWorkload.context)
    let result = try await client.fetchAndActivate()
    let elapsed = watch.milliseconds
    let after = ResourceUsage.peakResidentBytes() ?? 0
    io.printLine("\(before) \(after) \(elapsed) \(result.updatedKeys.count)")
  }
}
