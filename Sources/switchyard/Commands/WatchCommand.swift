import ConfigClient
import ConfigClientHTTP
import ConfigEngine
import Core
import FirebaseServices
import Foundation

extension ToolCommand {
  /// `switchyard watch`: fetches and activates as `fetch` does, then follows the real-time
  /// stream (`--stream`, or a Firebase app's own with `--firebase-app`; or, with `--every`,
  /// fetches again on that period) and prints one JSON line per update it activates.
  static let watch = makeWatch(environment: .live)

  /// The `watch` command on `environment`'s clock and randomness.
  ///
  /// Standard output carries only the update lines, `{"version": N, "updatedKeys": [...]}`
  /// (N is the template's `version.versionNumber`, keys sorted); connection changes and
  /// warnings go to standard error. It runs until interrupted or until `--max-updates`
  /// lines are printed (exit 0); if the updater stops first (the server disabled real-time
  /// updates, refused the stream, or every reconnection failed) it exits 1 saying why.
  /// With `--every` (which `--firebase-server` needs: server templates have no real-time
  /// stream) each period costs one conditional request, a failed one is a warning on standard
  /// error and the next period tries again. `--firebase-app` follows the app's own stream
  /// (Firebase's `streamFetchInvalidations`), and its retry budget carries over between runs
  /// through the cache.
  static func makeWatch(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "watch",
      summary: "Fetch and activate, then print one JSON line per real-time update activated.",
      synopsis:
        "switchyard watch (--url URL (--stream URL | --every SECONDS)"
        + " | --firebase-server [--project P] --every SECONDS"
        + " | --firebase-app APP_ID --api-key KEY [--project P] [--every SECONDS]) --cache DIR"
        + " [--context C.json] [--max-updates K] [--timeout SECONDS]",
      options: CachedRemoteConfig.sourceOptions + [
        .value(
          "--stream", "URL",
          "The real-time invalidation stream (http or https); --firebase-app has its own."),
        .value("--every", "SECONDS", "Fetch again on this period instead of following a stream."),
        CachedRemoteConfig.cacheOption,
        CachedRemoteConfig.contextOption,
        .value("--max-updates", "K", "Stop after K updates (default: run until interrupted)."),
        CachedRemoteConfig.timeoutOption,
      ]
    ) { arguments, io in
      let maximumUpdates = try arguments.integer("--max-updates", in: 1...Int.max)
      if let period = try arguments.seconds("--every") {
        guard arguments.value("--stream") == nil else {
          throw UsageError(command: "watch", message: "give '--stream' or '--every', not both")
        }
        let remote = try await CachedRemoteConfig.open(
          arguments, io: io, environment: environment, autoActivate: true)
        // Without credentials or a project no round could ever fetch: say so and stop.
        if let unavailable = remote.unavailable { throw unavailable }
        guard await remote.fetchAndActivate("watch", io: io) else { return .failure }
        return await poll(remote, every: period, maximumUpdates: maximumUpdates, io: io)
      }
      if arguments.flag("--firebase-server") {
        throw UsageError(
          command: "watch",
          message:
            "'--firebase-server' needs '--every SECONDS': Firebase has no real-time stream for "
            + "server templates")
      }
      let isFirebaseApp = FirebaseAppArguments.isRequested(arguments)
      if isFirebaseApp, arguments.value("--stream") != nil {
        throw UsageError(
          command: "watch",
          message: "'--firebase-app' follows the app's own real-time stream: drop '--stream'")
      }
      let streamURL = isFirebaseApp ? nil : try CachedRemoteConfig.httpURL(arguments, "--stream")
      let remote = try await CachedRemoteConfig.open(
        arguments, io: io, environment: environment, autoActivate: true)
      guard await remote.fetchAndActivate("watch", io: io) else { return .failure }
      let updater: RealtimeUpdater
      let streamName: String
      if let app = remote.firebaseApp {
        updater = app.realtimeUpdater(for: remote.client, random: environment.random)
        streamName = "the real-time stream of Firebase app \(app.options.appID)"
      } else if let streamURL {
        updater = RealtimeUpdater(
          client: remote.client, transport: HTTPRealtimeTransport(url: streamURL),
          random: environment.random)
        streamName = streamURL.absoluteString
      } else {
        // Not reached: without `--firebase-app`, reading `--stream` above required it.
        return .failure
      }
      var printed = 0
      for await event in updater.events() {
        switch event {
        case .activated(let version, let keys):
          remote.warnAboutActiveTemplate("watch", io: io)
          io.printLine(updateLine(version: version, keys: keys))
          printed += 1
          if let maximumUpdates, printed >= maximumUpdates { return .success }
        case .stopped(let reason):
          io.printError("switchyard watch: error: \(describe(reason))")
          return .failure
        case .connected:
          io.printError("switchyard watch: listening to \(streamName)")
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

  /// Fetches and activates once every `period` (after the first fetch, which `open` made),
  /// printing one update line per activation that changed values, until `maximumUpdates`
  /// lines (exit 0) or for ever. A failed round is a warning; the client's throttling decides
  /// when the next one goes.
  private static func poll(
    _ remote: CachedRemoteConfig, every period: Duration, maximumUpdates: Int?, io: ToolIO
  ) async -> ExitStatus {
    let client = remote.client
    let (rounds, continuation) = AsyncStream.makeStream(
      of: Result<FetchAndActivateResult, FetchError>.self)
    let refresher = Task {
      do {
        try await client.timeSource.sleep(for: period)
      } catch {
        return
      }
      await client.refresh(every: period) { continuation.yield($0) }
      continuation.finish()
    }
    defer { refresher.cancel() }
    var printed = 0
    for await round in rounds {
      if case .success(let result) = round, case .newTemplate = result.fetch {
        remote.warnAboutActiveTemplate("watch", io: io)
      }
      switch round {
      case .success(let result) where !result.updatedKeys.isEmpty:
        let version = client.snapshot.template?.versionNumber
        io.printLine(updateLine(version: version, keys: result.updatedKeys))
        printed += 1
        if let maximumUpdates, printed >= maximumUpdates { return .success }
      case .success:
        continue
      case .failure(let error):
        io.printError("switchyard watch: warning: \(error); the active values stay")
      }
    }
    return .success
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
