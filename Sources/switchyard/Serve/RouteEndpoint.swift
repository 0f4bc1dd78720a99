import Core

/// `POST /switchyard/v1/route`: one `route --scenarios` line in, exactly the line
/// `route --scenarios` prints for it out (its answer, or `{"error": "line 1: ..."}` with 400),
/// through the same reading and writing code, so the two cannot drift apart.
enum RouteEndpoint {
  /// The answer to a request body (one line; a trailing line feed is allowed) for `planner`.
  static func answer(_ body: [UInt8], planner: RoutePlanning) -> (status: Int, body: [UInt8]) {
    var line = body[...]
    if line.last == UInt8(ascii: "\n") { line = line.dropLast() }
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    var writer = JSONTextWriter()
    let answered = line.withContiguousStorageIfAvailable { bytes in
      JSONLinesInput.answer(
        bytes, number: 1, overlongBeyond: nil,
        JSONLinesAnswer { object, _, writer in
          RouteReport.write(planner.plan(try RouteScenario(json: object)).route, into: &writer)
        }, into: &writer)
    }
    return (answered == true ? 200 : 400, writer.bytes)
  }
}
