import Core

extension JSONLinesInput {
  /// The JSON-lines rule for a command whose lines depend on the lines before them (`root`'s
  /// events): every line of `path` (`-` for standard input) is answered by `answer` in input
  /// order, one at a time, and written before the next is read, so `answer` may keep state
  /// and await. Otherwise the rule is `run`'s: one output line per input line, a bad line
  /// (too long, not a JSON object, or its answer throws) answered by `failed` with
  /// `line N: what is wrong`, and exit status 1 if any line was bad. Lines are split as
  /// `pipeline` splits them, within its limits.
  /// - Throws: `InputFileError` when the file cannot be opened or read, `UnendedLineError`
  ///   when a line goes on past the pipeline's limit without a line feed.
  static func runInOrder(
    _ path: String, io: ToolIO, pipeline: JSONLinesPipeline = JSONLinesPipeline(),
    _ answer: (JSONObject, Int, inout JSONTextWriter) async throws -> Void,
    failed: (String, Int, inout JSONTextWriter) -> Void = JSONLinesAnswer.errorObject
  ) async throws -> ExitStatus {
    var failedLines = 0
    try await forEachLine(path, io: io, pipeline: pipeline) { number, line, limit in
      let (bytes, ok) = await answerLine(line, number: number, limit: limit, answer, failed)
      if !ok { failedLines += 1 }
      io.writeOutputBytes(bytes)
    } afterRead: {
    }
    return failedLines > 0 ? .failure : .success
  }

  /// The answer to one line of bytes (number `number`; `limit` when it was too long), ended
  /// by a line feed, and whether the line was good: `answer`'s, or `failed`'s with `line N:
  /// what is wrong` when the line is not a JSON object or `answer` throws.
  static func answerLine(
    _ line: [UInt8], number: Int, limit: Int?,
    _ answer: (JSONObject, Int, inout JSONTextWriter) async throws -> Void,
    _ failed: (String, Int, inout JSONTextWriter) -> Void
  ) async -> (bytes: [UInt8], ok: Bool) {
    var writer = JSONTextWriter()
    var ok = true
    do {
      let parsed = try line.withUnsafeBufferPointer { try object($0, overlongBeyond: limit) }
      try await answer(parsed, number, &writer)
    } catch {
      writer = JSONTextWriter()
      failed(message(error, line: number), number, &writer)
      ok = false
    }
    writer.writeByte(UInt8(ascii: "\n"))
    return (writer.bytes, ok)
  }

  /// Reads the lines of `path` (`-` for standard input) in order, as `pipeline` splits them,
  /// and hands each to `body` with its number, its bytes and, for a line longer than the
  /// pipeline's limit (its bytes dropped), that limit; one line at a time and each as soon as
  /// its line feed is read. `afterRead` runs once the lines of each read are handed over.
  /// - Throws: what `runInOrder` throws.
  static func forEachLine(
    _ path: String, io: ToolIO, pipeline: JSONLinesPipeline,
    _ body: (Int, [UInt8], Int?) async throws -> Void,
    afterRead: () async throws -> Void
  ) async throws {
    try await ByteSource.reading(path, standardInput: io.standardInput) { source, _ in
      var splitter = LineSplitter(
        linesPerBatch: 1, bytesPerBatch: pipeline.bytesPerBatch,
        maximumLineBytes: pipeline.maximumLineBytes)
      func hand(_ batch: LineBatch) async throws {
        var lines: [(number: Int, bytes: [UInt8], limit: Int?)] = []
        batch.forEachLine { number, line, overlong in
          lines.append((number, Array(line), overlong ? pipeline.maximumLineBytes : nil))
        }
        for line in lines { try await body(line.number, line.bytes, line.limit) }
      }
      while true {
        let chunk = try source.read(pipeline.readSize)
        guard !chunk.isEmpty else { break }
        splitter.append(chunk)
        while let batch = splitter.nextFullBatch() { try await hand(batch) }
        try await afterRead()
        if splitter.unendedLineBytes > pipeline.maximumUnendedLineBytes {
          throw UnendedLineError(
            lineNumber: splitter.unendedLineNumber, limit: pipeline.maximumUnendedLineBytes)
        }
      }
      if let last = splitter.finish() { try await hand(last) }
      try await afterRead()
    }
  }
}
