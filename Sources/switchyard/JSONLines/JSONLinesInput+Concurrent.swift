import Core
import Foundation

extension JSONLinesInput {
  /// The JSON-lines rule for lines that are independent but whose answers await (`check`'s
  /// routing sequences run a runtime each): up to `window` lines are answered at once, as
  /// tasks on every core, and the answers are written in input order, those of one read
  /// together. Otherwise the rule is `runInOrder`'s (one output line per input line, a bad
  /// line answered by `failed`, exit status 1 if any line was bad); memory is bounded by the
  /// window, not the input.
  /// - Throws: what `runInOrder` throws.
  static func runConcurrently(
    _ path: String, io: ToolIO, pipeline: JSONLinesPipeline = JSONLinesPipeline(),
    window: Int = 64 * max(1, ProcessInfo.processInfo.activeProcessorCount),
    _ answer: @escaping @Sendable (JSONObject, Int, inout JSONTextWriter) async throws -> Void,
    failed: @escaping @Sendable (String, Int, inout JSONTextWriter) -> Void =
      JSONLinesAnswer.errorObject
  ) async throws -> ExitStatus {
    try await withThrowingTaskGroup(of: (Int, [UInt8], Bool).self) { group in
      var inFlight = 0
      var nextToSubmit = 0
      var nextToWrite = 0
      var finished: [Int: (bytes: [UInt8], ok: Bool)] = [:]
      var output: [UInt8] = []
      var failedLines = 0
      /// Takes one finished answer and moves every answer now in order to the output.
      func receive() async throws {
        guard let (index, bytes, ok) = try await group.next() else { return }
        inFlight -= 1
        finished[index] = (bytes, ok)
        while let next = finished.removeValue(forKey: nextToWrite) {
          output += next.bytes
          if !next.ok { failedLines += 1 }
          nextToWrite += 1
        }
      }
      func flush() {
        guard !output.isEmpty else { return }
        io.writeOutputBytes(output)
        output.removeAll(keepingCapacity: true)
      }
      try await forEachLine(path, io: io, pipeline: pipeline) { number, line, limit in
        while inFlight >= window { try await receive() }
        let index = nextToSubmit
        nextToSubmit += 1
        inFlight += 1
        group.addTask {
          // Read in the task too, so lines are parsed on every core.
          let (bytes, ok) = await answerLine(line, number: number, limit: limit, answer, failed)
          return (index, bytes, ok)
        }
      } afterRead: {
        // What one read brought is answered and written before the next read waits.
        while inFlight > 0 { try await receive() }
        flush()
      }
      return failedLines > 0 ? .failure : .success
    }
  }
}
