import Core
import HTTPServer

extension Benchmark {
  /// What the trivial handler answers: an OFREP evaluation's size and shape.
  static let trivialAnswer = Array(#"{"key":"f","value":true,"reason":"STATIC"}"#.utf8)

  /// A server on `port` (0: any free one) whose handler answers `trivialAnswer` at once.
  static func trivialServer(port: Int) -> HTTPServer {
    let answer = trivialAnswer
    return HTTPServer(configuration: HTTPServerConfiguration(port: port)) { _ in
      HTTPServerResponse(
        status: 200, headers: [("Content-Type", "application/json")], body: .bytes(answer))
    }
  }

  /// The HTTP server alone, in this process, with a handler that answers at once: what the
  /// server costs per request before any OFREP work, with 64 busy keep-alive connections,
  /// then with 1,000 idle ones held open beside them.
  static let httpServer = Benchmark(
    name: "http-server",
    summary: "HTTP server alone: 64 keep-alive connections, then with 1,000 idle ones."
  ) { report, _ in
    let server = trivialServer(port: 0)
    let (host, port) = try server.start()
    do {
      var load = LoadGenerator(
        target: try LoadTarget("http://\(host):\(port)/ofrep/v1/evaluate/flags/f"),
        body: Array(LoadCommand.defaultBody.utf8))
      load.seconds = 5
      report.note("a trivial handler; load from this process on one thread, for 5 s each")
      try await load.run().report(to: report, label: "64 connections")
      load.idle = 1_000
      try await load.run().report(to: report, label: "64 + 1,000 idle")
      let peak = Double(ResourceUsage.peakResidentBytes() ?? 0) / 1_048_576
      report.figure("peak resident memory, server and load", peak, unit: "MiB")
    } catch {
      await server.shutdown(gracePeriod: .zero)
      throw error
    }
    await server.shutdown(gracePeriod: .seconds(1))
  }
}
