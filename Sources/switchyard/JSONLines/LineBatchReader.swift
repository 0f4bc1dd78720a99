/// The batches of lines of a byte stream, one at a time, under the JSON-lines pipeline's
/// limits: for a command that reads JSON lines but answers with one report instead of a line
/// per line (`diff --contexts`), which asks for a batch when it has room for one.
struct LineBatchReader {
  private let source: ByteSource
  private let limits: JSONLinesPipeline
  private var splitter: LineSplitter
  private var finished = false

  /// A reader of `source` with `limits`' batch sizes, read size and line limits.
  init(_ source: ByteSource, limits: JSONLinesPipeline = JSONLinesPipeline()) {
    self.source = source
    self.limits = limits
    splitter = LineSplitter(
      linesPerBatch: limits.linesPerBatch, bytesPerBatch: limits.bytesPerBatch,
      maximumLineBytes: limits.maximumLineBytes)
  }

  /// The longest line, in bytes; a longer one is in its batch with no bytes, as overlong.
  var maximumLineBytes: Int { limits.maximumLineBytes }

  /// The next batch, or nil at the end of the input.
  /// - Throws: what reading the source throws, or `UnendedLineError`.
  mutating func next() throws -> LineBatch? {
    while !finished {
      if let batch = splitter.nextFullBatch() { return batch }
      if splitter.unendedLineBytes > limits.maximumUnendedLineBytes {
        throw UnendedLineError(
          lineNumber: splitter.unendedLineNumber, limit: limits.maximumUnendedLineBytes)
      }
      let chunk = try source.read(limits.readSize)
      if chunk.isEmpty {
        finished = true
        return splitter.finish()
      }
      splitter.append(chunk)
    }
    return nil
  }
}
