import Foundation
import HTTPServer

extension ClientProbe {
  /// `__http-server --port N --seconds T`: the `http-server` benchmark's server (a trivial
  /// handler) in a process of its own for T seconds, so another load tool (`wrk`, or
  /// `switchyard-bench load --server-pid`) measures it from outside, with its peak memory.
  static let httpServer = ClientProbe(name: "__http-server", options: ["--port", "--seconds"]) {
    options, io in
    let port = Int(try options.required("--port")) ?? -1
    let seconds = Int(options.values["--seconds"] ?? "60") ?? 60
    let server = Benchmark.trivialServer(port: port)
    let bound = try server.start()
    io.printLine(
      "listening on \(bound.host):\(bound.port), pid \(ProcessInfo.processInfo.processIdentifier)")
    try await Task.sleep(for: .seconds(seconds))
    await server.shutdown(gracePeriod: .seconds(1))
  }
}
