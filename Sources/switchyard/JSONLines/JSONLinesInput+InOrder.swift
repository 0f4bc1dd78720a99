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
    let failedLines = try await ByteSource.reading(path, standardInput: io.standardInput) {
      source, _ in
      var splitter = LineSplitter(
        linesPerBatch: 1, bytesPerBatch: pipeline.bytesPerBatch,
        maximumLineBytes: pipeline.maximumLineBytes)
      var failedLines = 0
      func answerLines(of batch: LineBatch) async {
        var lines: [(number: Int, object: Result<JSONObject, LineError>)] = []
        batch.forEachLine { number, line, overlong in
          let limit = overlong ? pipeline.maximumLineBytes : nil
          lines.append(
            (number, Result { () throws(LineError) in try object(line, overlongBeyond: limit) }))
        }
        for line in lines {
          var writer = JSONTextWriter()
          do {
            try await answer(try line.object.get(), line.number, &writer)
          } catch {
            writer = JSONTextWriter()
            failed(message(error, line: line.number), line.number, &writer)
            failedLines += 1
          }
          writer.writeByte(UInt8(ascii: "\n"))
          io.writeOutputBytes(writer.bytes)
        }
      }
      while true {
        let chunk = try source.read(pipeline.readSize)
        guard !chunk.isEmpty else { break }
        splitter.append(chunk)
        while let batch = splitter.nextFullBatch() { await answerLines(of: batch) }
        if splitter.unendedLineBytes > pipeline.maximumUnendedLineBytes {
          throw UnendedLineError(
            lineNumber: splitter.unendedLineNumber, limit: pipeline.maximumUnendedLineBytes)
        }
      }
      if let last = splitter.finish() { await answerLines(of: last) }
      return failedLines
    }
    return failedLines > 0 ? .failure : .success
  }
}
