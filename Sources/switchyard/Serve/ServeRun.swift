import ConfigClient
import ConfigEngine
import Core
import FlagEvaluation
import Foundation
import HTTPServer
import OFREP

/// One run of `switchyard serve`: where its templates come from, the config it answers from,
/// and the server. `open` reads the options and loads the first template (an unusable one ends
/// the command before anything listens); `run` listens, keeps the template current and stops
/// gracefully.
struct ServeRun: Sendable {
  /// Where templates come from.
  enum Origin: Sendable {
    /// The built-in sample, served as it is.
    case sample
    /// A file, reloaded when it changes; `bytes` are the ones loaded, `stamp` the file's
    /// stamp from before they were read.
    case file(path: String, bytes: [UInt8], stamp: TemplateFileWatcher.Stamp?)
    /// A URL or the Firebase project's server template through a client, refreshed every
    /// `period`.
    case remote(CachedRemoteConfig, period: Duration)
  }

  /// The longest a graceful stop waits for requests in flight.
  static let gracePeriod = Duration.seconds(10)
  /// Refreshes that fail in a row before the served template counts as stale: one failure is
  /// a blip, three periods without an answer (three minutes by default) are not.
  static let staleAfterFailures = 3

  let origin: Origin
  let config: ServedConfigCell
  let metrics: ServeMetrics
  /// Counts every response and, with `--access-log`, logs it.
  let accessLog: ServeAccessLog
  let events: ServeEventStreams
  let configuration: HTTPServerConfiguration
  let apiKeys: OFREPAPIKeys
  let crossOrigin: CrossOriginPolicy
  let io: ToolIO

  /// Reads the options and loads the first template (or restores and fetches the first one).
  /// - Throws: `UsageError` for options that do not go together or values out of range,
  ///   `InputFileError` for an unreadable or invalid template, defaults or key file.
  static func open(
    _ arguments: ParsedArguments, io: ToolIO, environment: NetworkCommandEnvironment
  ) async throws -> ServeRun {
    let isRemote = arguments.value("--url") != nil || arguments.flag("--firebase-server")
    if isRemote, arguments.value("--template") != nil {
      throw UsageError(
        command: "serve", message: "give one of '--template', '--url' and '--firebase-server'")
    }
    for option in ["--every", "--cache", "--timeout", "--project"] where !isRemote {
      if arguments.value(option) != nil {
        let with = option == "--project" ? "'--firebase-server'" : "'--url' or '--firebase-server'"
        throw UsageError(command: "serve", message: "'\(option)' goes with \(with)")
      }
    }
    var configuration = HTTPServerConfiguration(
      host: arguments.value("--host") ?? "127.0.0.1",
      port: try arguments.integer("--port", in: 0...65_535) ?? 8013)
    let apiKeys = try arguments.value("--api-key-file").map(APIKeyFile.load) ?? OFREPAPIKeys([])
    let defaults = try arguments.value("--defaults").map(DefaultsFile.load) ?? InAppDefaults()
    let time = environment.timeSource
    let origin: Origin
    let template: CompiledTemplate?
    if isRemote {
      let period = try arguments.seconds("--every") ?? .seconds(60)
      let remote = try await CachedRemoteConfig.open(
        arguments, io: io, environment: environment, autoActivate: true, cacheRequired: false,
        backoff: Self.backoff(every: period))
      if let unavailable = remote.unavailable { throw unavailable }
      _ = await remote.client.setDefaults(defaults)
      _ = await remote.fetchAndActivate("serve", io: io)
      template = remote.client.snapshot.template
      origin = .remote(remote, period: period)
    } else if let path = arguments.value("--template") {
      let stamp = TemplateFileWatcher.Stamp.of(path)
      let bytes = [UInt8](try InputFile.readData(at: path))
      let (loaded, warnings) = try ServedTemplateFile.read(bytes, path: path)
      TemplateWarnings.print(warnings, command: "serve", source: path, io: io)
      template = loaded
      origin = .file(path: path, bytes: bytes, stamp: stamp)
    } else {
      template = CompiledTemplate(try Template(json: SampleTemplate.json))
      origin = .sample
    }
    let config = ServedConfigCell(
      Self.served(template, defaults: defaults, time: time, io: io), timeSource: time)
    let metrics = ServeMetrics()
    let accessLog = ServeAccessLog(
      metrics: metrics, logTo: arguments.flag("--access-log") ? io : nil)
    configuration.accessLog = { accessLog.record($0) }
    return ServeRun(
      origin: origin, config: config, metrics: metrics, accessLog: accessLog,
      events: ServeEventStreams(timeSource: time), configuration: configuration, apiKeys: apiKeys,
      crossOrigin: CrossOriginPolicy(origins: Set(arguments.values["--allow-origin"] ?? [])),
      io: io)
  }

  /// Listens, prints `{"listening": "http://HOST:PORT"}`, keeps the template current and
  /// answers until `stopSignal` returns; then stops accepting, lets requests in flight finish
  /// (at most `gracePeriod`) and returns success.
  func run(until stopSignal: @Sendable () async -> Void) async throws -> ExitStatus {
    let evaluator = FlagEvaluator(
      source: ClosureFlagSource { [config] in config.flagConfiguration() },
      hooks: [ReasonCountingHook(metrics: metrics)])
    let responder = OFREPResponder(
      evaluator: evaluator, apiKeys: apiKeys,
      eventStream: try OFREPEventStream(requestURI: ServeHandler.eventsPath))
    // The handler reads the server's connection count, and the server needs the handler.
    let running = LockedState<HTTPServer?>(nil)
    let handler = ServeHandler(
      responder: responder, config: config, metrics: metrics, events: events,
      connections: { running.withLock { $0?.activeConnections ?? 0 } },
      crossOrigin: crossOrigin)
    let connections = configuration.maximumConnections
    if let limit = DescriptorLimit.raise(for: connections),
      limit < UInt64(connections + DescriptorLimit.reserve)
    {
      io.printError(
        "switchyard serve: warning: the process may open only \(limit) files (ulimit -n), so"
          + " it cannot hold \(connections) connections; raise the limit to serve that many")
    }
    let server = HTTPServer(configuration: configuration) { await handler.respond(to: $0) }
    running.withLock { $0 = server }
    let (host, port) = try server.start()
    let shown = host.contains(":") ? "[\(host)]" : host
    var line = JSONTextWriter()
    line.writeRaw(#"{"listening":"#)
    line.writeString("http://\(shown):\(port)")
    line.writeByte(UInt8(ascii: "}"))
    io.printLine(line.text)
    // A source that has not answered yet (nothing ready) has no good refresh to date.
    if config.config.isReady { metrics.recordRefresh(at: config.timeSource.now) }
    let updates = Task { await keepCurrent() }
    await stopSignal()
    updates.cancel()
    events.finishAll()
    await server.shutdown(gracePeriod: Self.gracePeriod)
    await accessLog.finish()
    return .success
  }

  /// Follows the template's origin until cancelled: reloads a changed file, refreshes a
  /// remote one; each new template is swapped in and announced on the event stream, each
  /// failure is one line on standard error and the active template stays.
  private func keepCurrent() async {
    switch origin {
    case .sample:
      return
    case .file(let path, let bytes, let stamp):
      let watcher = TemplateFileWatcher(path: path, timeSource: config.timeSource)
      // The refresh age is the time since a look found the file holding what is served.
      await watcher.run(
        initial: bytes, stamp: stamp,
        stillServed: { metrics.recordRefresh(at: config.timeSource.now) }
      ) { changed in
        do {
          let (template, warnings) = try ServedTemplateFile.read(try changed.get(), path: path)
          TemplateWarnings.print(warnings, command: "serve", source: path, io: io)
          activate(template, defaults: config.config.defaults)
          return true
        } catch {
          metrics.recordRefreshFailure()
          io.printError(
            "switchyard serve: error: \(error); refused, the previous template keeps serving")
          return false
        }
      }
    case .remote(let remote, let period):
      let client = remote.client
      do {
        try await config.timeSource.sleep(for: period)
      } catch {
        return
      }
      let failures = LockedState(0)
      await client.refresh(every: period) { outcome in
        let failed = failures.withLock { count in
          if case .failure = outcome { count += 1 } else { count = 0 }
          return count
        }
        config.markStale(failed >= Self.staleAfterFailures)
        switch outcome {
        case .success(let result):
          if case .newTemplate = result.fetch {
            // Swapped in even when no value changed (a new version, new metadata): what
            // serve answers names the template it answers from.
            remote.warnAboutActiveTemplate("serve", io: io)
            activate(client.snapshot.template, defaults: client.snapshot.defaults)
          } else {
            metrics.recordRefresh(at: config.timeSource.now)
          }
        case .failure(let error):
          metrics.recordRefreshFailure()
          io.printError(
            "switchyard serve: warning: refreshing from \(remote.origin) failed: \(error);"
              + " the active template stays")
        }
      }
    }
  }

  /// Makes `template` the one answered from and tells the event stream's listeners.
  private func activate(_ template: CompiledTemplate?, defaults: InAppDefaults) {
    let served = Self.served(template, defaults: defaults, time: config.timeSource, io: io)
    config.replace(with: served)
    let now = config.timeSource.now
    metrics.recordRefresh(at: now)
    events.announce(version: served.versionNumber.map(String.init), at: now)
  }

  /// The client's backoff for a server that refreshes every `period`: no throttle, after
  /// 429 or 5xx answers or from a `Retry-After`, outlasts one period, so the next refresh is
  /// still asked at the next period and a template that stopped coming is marked stale after
  /// `staleAfterFailures` periods. An app's backoff (minutes, doubling to hours) spares a
  /// server from millions of clients; a server asking once a period needs no sparing.
  static func backoff(every period: Duration) -> BackoffPolicy {
    BackoffPolicy(
      initialDelay: period, multiplier: 1, maximumDelay: period, jitter: 0,
      maximumRetryAfter: period)
  }

  /// The served config for `template`, with its route planner.
  private static func served(
    _ template: CompiledTemplate?, defaults: InAppDefaults, time: any TimeSource, io: ToolIO
  ) -> ServedConfig {
    var planner: RoutePlanning?
    if let template {
      do {
        planner = try RoutePlanning(template, clock: time)
      } catch {
        io.printError("switchyard serve: warning: routing is unavailable: \(error)")
      }
    }
    return ServedConfig(template: template, defaults: defaults, planner: planner)
  }
}
