import ConfigClient
import Core
import Foundation

extension ToolCommand {
  /// `switchyard __client-first-read`: restores a client from a cache directory, without a
  /// network, and prints one value. Hidden: the client benchmark spawns it to time a new
  /// process up to the first value read from a warm cache.
  static let clientFirstRead = ToolCommand(
    name: "__client-first-read",
    summary: "Restore a client from a cache directory and print one value (benchmark probe).",
    synopsis: "switchyard __client-first-read --cache DIR --key KEY [--namespace NAME]",
    options: [
      .value("--cache", "DIR", "The client's cache directory."),
      .value("--key", "KEY", "The key to read."),
      .value("--namespace", "NAME", "The cache namespace (default: default)."),
    ]
  ) { arguments, io in
    let directory = try arguments.required("--cache")
    let key = try arguments.required("--key")
    let store = FileConfigStore(
      directoryPath: directory, namespace: arguments.value("--namespace") ?? "default")
    // No source answers: the value must come from the cache alone.
    let client = RemoteConfigClient(source: InMemoryTemplateSource(), store: store)
    for reason in await client.restore() where reason.kind == .diagnostic {
      io.printError("switchyard __client-first-read: \(reason)")
    }
    io.printLine(client.snapshot[key].rawValue)
    return .success
  }

  /// `switchyard __client-activate`: fetches a template file into a fresh client, activates
  /// it and prints `<peak RSS before> <peak RSS after> <milliseconds>`. Hidden: the client
  /// benchmark spawns it so the peak memory it reports belongs to the activation alone (a
  /// process started by `swift run` inherits the peak of the `swift` driver it replaced).
  static let clientActivate = ToolCommand(
    name: "__client-activate",
    summary: "Fetch and activate a template file; print peak memory and time (benchmark probe).",
    synopsis: "switchyard __client-activate --template FILE",
    options: [.value("--template", "FILE", "The template to activate.")]
  ) { arguments, io in
    let path = try arguments.required("--template")
    let before = ResourceUsage.peakResidentBytes() ?? 0
    let start = ContinuousClock.now
    let client = RemoteConfigClient(
      source: FileTemplateSource(path: path), context: ClientWorkload.context)
    let result = try await client.fetchAndActivate()
    let elapsed = (ContinuousClock.now - start).timeInterval * 1_000
    let after = ResourceUsage.peakResidentBytes() ?? 0
    io.printLine("\(before) \(after) \(elapsed) \(result.updatedKeys.count)")
    return .success
  }
}

extension SwitchyardTool {
  /// Commands that run but are not listed in `--help`: probes for benchmarks.
  static let hiddenCommands: [ToolCommand] = [.clientFirstRead, .clientActivate]
}
