/// Splits a stream of bytes into lines and the lines into batches, as the bytes arrive: no
/// I/O, so it is tested by feeding it chunks.
///
/// Lines end at a line feed, a carriage return before it dropped (CRLF files); the bytes after
/// the last line feed are a last line unless they are empty (a final newline adds no line).
/// Lines are split on bytes, never decoded: a line that is not UTF-8 is that line's problem.
/// A line longer than `maximumLineBytes` keeps no bytes (it becomes that line's error), so one
/// endless line cannot fill memory.
struct LineSplitter {
  /// A batch is full at this many lines (at least one)...
  var linesPerBatch: Int {
    didSet { linesPerBatch = max(1, linesPerBatch) }
  }
  /// ... or at this many bytes, whichever comes first.
  let bytesPerBatch: Int
  /// The longest line read, in bytes without its terminator.
  let maximumLineBytes: Int

  /// The chunk being split and how far.
  private var chunk: [UInt8] = []
  private var position = 0
  /// The start of a line that began in an earlier chunk.
  private var carried: [UInt8] = []
  /// Whether the carried line is already too long (its bytes are being skipped).
  private var carriedIsOverlong = false
  /// The bytes of the line not yet ended, kept or skipped.
  private(set) var unendedLineBytes = 0
  private var batch = LineBatch(firstLineNumber: 1)

  /// The number of the line not yet ended (or the next line).
  var unendedLineNumber: Int { batch.firstLineNumber + batch.count }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  init(linesPerBatch: Int, bytesPerBatch: Int, maximumLineBytes: Int) {
    self.linesPerBatch = max(1, linesPerBatch)
    self.bytesPerBatch = max(1, bytesPerBatch)
    self.maximumLineBytes = maximumLineBytes
  }

  /// Takes the next chunk of input; the previous one must have been split to its end
  /// (`nextFullBatch()` returned nil).
  mutating func append(_ chunk: [UInt8]) {
    precondition(position == self.chunk.count, "the previous chunk is not split yet")
    self.chunk = chunk
    position = 0
  }

  /// The next full batch from the bytes appended so far, or nil once they run out before
  /// one is full (the lines so far stay for the next batch).
  mutating func nextFullBatch() -> LineBatch? {
    while position < chunk.count {
      let found = chunk.withUnsafeBufferPointer { buffer in
        UnsafeBufferPointer(rebasing: buffer[position...]).firstIndex(of: UInt8(ascii: "\n"))
          .map { position + $0 }
      }
      guard let newline = found else {
        carry(upTo: chunk.count)
        position = chunk.count
        break
      }
      completeLine(endingAt: newline)
      position = newline + 1
      if batch.count >= linesPerBatch || batch.bytes.count >= bytesPerBatch {
        return takeBatch()
      }
    }
    return nil
  }

  /// The lines completed so far that are in no batch yet, as a batch of their own; nil when
  /// there are none. For a reader about to wait for more input.
  mutating func takePartialBatch() -> LineBatch? {
    batch.count > 0 ? takeBatch() : nil
  }

  /// Ends the input: the bytes after the last line feed become the last line unless they
  /// are empty (once a final carriage return is dropped), and the batch holding it is
  /// returned, or nil when no line is left.
  mutating func finish() -> LineBatch? {
    precondition(position == chunk.count, "the last chunk is not split yet")
    let length = carried.count - (carried.last == UInt8(ascii: "\r") ? 1 : 0)
    if carriedIsOverlong || length > maximumLineBytes {
      batch.appendOverlongLine()
    } else if length > 0 {
      carried.withUnsafeBufferPointer { batch.appendLine($0) }
    }
    carried = []
    carriedIsOverlong = false
    unendedLineBytes = 0
    return takePartialBatch()
  }

  private mutating func takeBatch() -> LineBatch {
    let full = batch
    batch = LineBatch(firstLineNumber: full.firstLineNumber + full.count)
    return full
  }

  /// Ends the current line at the line feed at `newline`.
  private mutating func completeLine(endingAt newline: Int) {
    var length = carried.count + newline - position
    let endsWithReturn =
      newline > position
      ? chunk[newline - 1] == UInt8(ascii: "\r") : carried.last == UInt8(ascii: "\r")
    if endsWithReturn { length -= 1 }
    if carriedIsOverlong || length > maximumLineBytes {
      batch.appendOverlongLine()
    } else {
      chunk.withUnsafeBufferPointer { buffer in
        carried.withUnsafeBufferPointer { start in
          batch.appendLine(start, UnsafeBufferPointer(rebasing: buffer[position..<newline]))
        }
      }
    }
    carried.removeAll(keepingCapacity: carried.count <= 64 * 1024)
    carriedIsOverlong = false
    unendedLineBytes = 0
  }

  /// Keeps the bytes from `position` to `end`, the start of a line the next chunk goes on
  /// with, unless the line is already too long (one byte more than the limit is kept for a
  /// carriage return that may end it).
  private mutating func carry(upTo end: Int) {
    unendedLineBytes += end - position
    guard !carriedIsOverlong else { return }
    guard carried.count + end - position <= maximumLineBytes + 1 else {
      carried = []
      carriedIsOverlong = true
      return
    }
    carried.append(contentsOf: chunk[position..<end])
  }
}
