import ConfigClient
import Core
import Foundation
import HTTPTransport
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `switchyard serve` run in-process on a test's clock, reached through real sockets with the
/// package's HTTP client, and stopped by the test instead of a signal.
final class ServeHarness: Sendable {
  let capture = CapturedToolIO()
  /// The clock the watcher and the refresh loop sleep on, and evaluations read.
  let clock: any TimeSource
  /// `http://127.0.0.1:PORT`, from the first line the command printed.
  let base: URL
  private let stop: AsyncStream<Void>.Continuation
  private let run: Task<switchyard.ExitStatus, Never>

  /// Starts `serve` with `arguments` (and `--port 0`) and waits for its first line.
  init(
    _ arguments: [String], clock: any TimeSource = ManualTimeSource(now: TestTime.start),
    variables: [String: String] = [:]
  ) async throws {
    self.clock = clock
    let (stopped, stop) = AsyncStream.makeStream(of: Void.self)
    self.stop = stop
    let capture = self.capture
    let environment = NetworkCommandEnvironment(
      timeSource: clock, random: .constant(0), variables: variables)
    let command = ToolCommand.makeServe(environment: environment) {
      for await _ in stopped { return }
    }
    let ended = LockedState(false)
    run = Task {
      let status = await CapturedToolIO.run(
        ["serve", "--port", "0"] + arguments, capture: capture, replacing: [command]
      ).status
      ended.withLock { $0 = true }
      return status
    }
    // The first line is printed once the server listens; a failure ends the run first.
    while capture.outputLines.isEmpty, !ended.withLock({ $0 }) { await Task.yield() }
    let line = try #require(capture.outputLines.first, "serve ended: \(capture.error)")
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
    let listening = try #require(object?["listening"])
    base = try #require(URL(string: listening))
  }

  /// Ends the run as SIGTERM would, and returns its exit status.
  func finish() async -> switchyard.ExitStatus {
    stop.yield()
    return await run.value
  }

  /// Sends one request and reads the response whole.
  func send(
    _ method: String, _ path: String, json body: String? = nil,
    headers: [(name: String, value: String)] = []
  ) async throws -> HTTPResponse {
    let client = HTTPClient(time: SystemTimeSource())
    var fields = headers
    if body != nil { fields.append((name: "Content-Type", value: "application/json")) }
    return try await client.send(
      HTTPRequest(
        method: method, url: base.appending(path: path), headers: fields,
        body: body.map { Array($0.utf8) }),
      timeout: .seconds(20), maximumBodyBytes: 1 << 22)
  }

  /// The OFREP answer for flag `key` in `context` (a JSON object's text), as JSON.
  func flag(_ key: String, context: String = "{}") async throws -> [String: Any] {
    try Self.object(
      try await send("POST", "/ofrep/v1/evaluate/flags/\(key)", json: #"{"context":\#(context)}"#))
  }

  /// What `/metrics` answers.
  func metrics() async throws -> String {
    String(decoding: try await send("GET", "/metrics").body, as: UTF8.self)
  }

  /// The JSON object of a response's body.
  static func object(_ response: HTTPResponse) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    return try #require(object)
  }
}
