import Core
import HTTPServer

/// What `serve` does with each response the server sends (`HTTPServerConfiguration.accessLog`),
/// its handler's and the server's own (431, 413, 400, 408): counts it in `/metrics` and, with
/// `--access-log`, logs it. It runs on the server's event loop, so it never waits: log lines
/// are handed to a task that writes them to standard error, and when standard error cannot
/// keep up the oldest unwritten lines are dropped rather than the loop held.
///
/// The line is the server's entry with the path written as its endpoint's pattern where the
/// path names something of the client's (an OFREP flag key), so no key and no context value
/// is ever written to the log.
final class ServeAccessLog: Sendable {
  /// Lines waiting to be written at most; past it the oldest go.
  static let maximumWaitingLines = 10_000

  private let metrics: ServeMetrics
  private let lines: AsyncStream<String>.Continuation?
  private let writer: Task<Void, Never>?

  /// Counts responses into `metrics`; with `io`, also logs each on its standard error.
  init(metrics: ServeMetrics, logTo io: ToolIO?) {
    self.metrics = metrics
    guard let io else {
      lines = nil
      writer = nil
      return
    }
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingNewest(Self.maximumWaitingLines))
    lines = continuation
    writer = Task {
      for await line in stream { io.printError(line) }
    }
  }

  /// The server's callback for one response.
  func record(_ entry: AccessLogEntry) {
    let endpoint = ServedEndpoint(path: entry.path)
    metrics.recordRequest(endpoint, status: entry.status, duration: entry.duration)
    lines?.yield(Self.line(entry, endpoint))
  }

  /// Returns once every line handed over so far is written; no line is taken after.
  func finish() async {
    lines?.finish()
    await writer?.value
  }

  /// `serve: 127.0.0.1:53312 "POST /ofrep/v1/evaluate/flags/{key}" 200 187 0.412ms`.
  static func line(_ entry: AccessLogEntry, _ endpoint: ServedEndpoint) -> String {
    var entry = entry
    if endpoint == .ofrepFlag { entry.path = "/ofrep/v1/evaluate/flags/{key}" }
    return "serve: \(entry)"
  }
}
