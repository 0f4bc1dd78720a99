import ConfigClient
import Core
import Foundation

extension ToolCommand {
  /// `switchyard watch`: fetches and activates as `fetch` does, then follows the real-time
  /// stream and prints one JSON line per update it activates.
  static let watch = makeWatch(environment: .live)

  /// The `watch` command on `environment`'s clock and randomness.
  ///
  /// Standard output carries only the update lines, `{"version": N, "updatedKeys": [...]}`
  /// (N is the template's `version.versionNumber`, keys sorted); connection changes and
  /// warnings go to standard error. It runs until interrupted or until `--max-updates`
  /// lines are printed (exit 0); if the updater stops first (the server disabled real-time
  /// updates, refused the stream, or every reconnection failed) it exits 1 saying why.
  static func makeWatch(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "watch",
      summary: "Fetch and activate, then print one JSON line per real-time update activated.",
      synopsis:
        "switchyard watch --url URL --stream URL --cache DIR [--context C.json] [--max-updates K]"
        + " [--timeout SECONDS]",
      options: [
        CachedRemoteConfig.templateURLOption,
        .value("--stream", "URL", "The real-time invalidation stream (http or https)."),
        CachedRemoteConfig.cacheOption,
        CachedRemoteConfig.contextOption,
        .value("--max-updates", "K", "Stop after K updates (default: run until interrupted)."),
        CachedRemoteConfig.timeoutOption,
      ]
    ) { arguments, io in
      let streamURL = try CachedRemoteConfig.httpURL(arguments, "--stream")
      let maximumUpdates = try arguments.integer("--max-updates", in: 1...Int.max)
      let remote = try await CachedRemoteConfig.open(
        arguments, io: io, environment: environment, autoActivate: true)
      guard await remote.fetchAndActivate("watch", io: io) else { return .failure }
      let updater = RealtimeUpdater(
        client: remote.client, transport: HTTPRealtimeTransport(url: streamURL),
        random: environment.random)
      var printed = 0
      for await event in updater.events() {
        switch event {
        case .activated(let version, let keys):
          io.printLine(updateLine(version: version, keys: keys))
          printed += 1
          if let maximumUpdates, printed >= maximumUpdates { return .success }
        case .stopped(let reason):
          io.printError("switchyard watch: error: \(describe(reason))")
          return .failure
        case .connected:
          io.printError("switchyard watch: listening to \(streamURL.absoluteString)")
        case .disconnected(let error, let delay):
          let cause = error.map { "\($0)" } ?? "the server ended the stream"
          let seconds = Int(delay.timeInterval.rounded(.up))
          io.printError("switchyard watch: warning: \(cause); reconnecting in \(seconds) s")
        case .fetchFailed(let version, let error):
          let cause = error.map { "\($0)" } ?? "the server still serves an older template"
          io.printError("switchyard watch: warning: could not fetch version \(version): \(cause)")
        case .messageRejected(let message):
          io.printError("switchyard watch: warning: \(message)")
        case .fetched:
          // Not sent with auto-activation on, which `watch` always uses.
          break
        }
      }
      return .failure
    }
  }

  /// `{"version": N, "updatedKeys": [...]}`, keys sorted; the version is null for a
  /// template without one.
  static func updateLine(version: Int?, keys: Set<String>) -> String {
    let line: JSONValue = [
      "version": version.map { .number(JSONNumber($0)) } ?? .null,
      "updatedKeys": .array(keys.sorted().map { .string($0) }),
    ]
    return line.jsonText
  }

  private static func describe(_ reason: RealtimeStopReason) -> String {
    switch reason {
    case .featureDisabled:
      "the server has disabled real-time updates"
    case .rejected(let error):
      "the server refused the stream (\(error))"
    case .retryBudgetExhausted(let error):
      "gave up reconnecting" + (error.map { " (\($0))" } ?? "")
    }
  }
}
