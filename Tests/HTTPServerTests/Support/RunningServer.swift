import Core
import SwitchyardTestSupport

@testable import HTTPServer

/// A server on 127.0.0.1 with a free port, for one test: started, used, shut down however the
/// test ends.
struct RunningServer {
  let server: HTTPServer
  let port: Int

  /// Runs `body` with a started server, then shuts it down with no grace period. A server on
  /// the system's clock is put on a manual one: in the whole suite a test can wait on the
  /// cooperative pool for longer than a timeout, which must then not fire by itself.
  static func with(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(port: 0),
    poller: PollerKind = .preferred,
    handler: @escaping HTTPServerHandler = RunningServer.echo,
    _ body: (RunningServer) async throws -> Void
  ) async throws {
    var configuration = configuration
    configuration.port = 0
    if configuration.timeSource is SystemTimeSource {
      configuration.timeSource = ManualTimeSource(now: TestTime.start)
    }
    let server = HTTPServer(configuration: configuration, pollerKind: poller, handler: handler)
    let (_, port) = try server.start()
    do {
      try await body(RunningServer(server: server, port: port))
    } catch {
      await server.shutdown(gracePeriod: .zero)
      throw error
    }
    await server.shutdown(gracePeriod: .zero)
  }

  /// Returns once `condition` holds: for what the server's own thread does (accepting,
  /// reading), which a test must see done before it moves a manual clock. It yields rather
  /// than sleeps; a condition that never holds ends with the test's time limit.
  func waitUntil(_ condition: (HTTPServer) -> Bool) async {
    while !condition(server), !Task.isCancelled { await Task.yield() }
  }

  /// A new client connected to the server.
  func connect() throws -> TestClient {
    try TestClient(port: port)
  }

  /// Answers `METHOD PATH?QUERY BODY` as text, so a test sees what the handler was given.
  static let echo: HTTPServerHandler = { request in
    let query = request.query.map { "?" + $0 } ?? ""
    let text =
      "\(request.method) \(request.path)\(query) \(String(decoding: request.body, as: UTF8.self))"
    return HTTPServerResponse(
      status: 200, headers: [("Content-Type", "text/plain")], body: .bytes(Array(text.utf8)))
  }
}
