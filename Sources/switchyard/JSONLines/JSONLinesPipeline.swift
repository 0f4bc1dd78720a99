import Core
import Foundation

/// Runs the JSON-lines rule over a stream on every core, in input order, in bounded memory.
///
/// The input is read in chunks and split into batches of lines (`LineSplitter`); at most
/// `batchesInFlight` batches are between the reader and the output at any time, each answered
/// by a task of its own into a buffer of its own. Answers are written in input order, many
/// lines per write. So memory is bounded by the window (`batchesInFlight` batches of at most
/// `linesPerBatch` lines, or `bytesPerBatch` bytes and one more line) and one chunk, however
/// long the input; a line longer than `maximumLineBytes` keeps none of its bytes.
///
/// Before a read that would wait for more input (a pipe whose writer is slow), every answer
/// so far is written, so a program that sends lines one at a time gets each answer back.
struct JSONLinesPipeline: Sendable {
  /// The most lines per batch: enough that handing a batch to a task costs little beside
  /// its work.
  var linesPerBatch = 64
  /// Input bytes per batch, so a batch of long lines is not larger than it needs to be.
  var bytesPerBatch = 256 * 1024
  /// How many batches may be read and not yet written: two per core keeps every core busy
  /// while the oldest batch is written.
  var batchesInFlight = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
  /// Bytes asked of the input per read.
  var readSize = 64 * 1024
  /// The longest line, in bytes.
  var maximumLineBytes = 16 * 1024 * 1024
  /// How far a line may go on without a line feed before the run stops: a longer line's
  /// bytes are skipped up to its end, but an input with no end to its line (`/dev/zero`)
  /// would be read forever.
  var maximumUnendedLineBytes = 256 * 1024 * 1024
  /// Output is written once this much is waiting (and at the end, and before a read that
  /// would wait).
  var outputBytes = 256 * 1024
  /// The output a batch aims at: batches hold fewer lines when each line's answer is long
  /// (`evaluate` of a large template), so a worker's buffer stays small enough for the
  /// allocator to reuse, yet large enough (half a write) to be written as it is rather than
  /// copied into the next write.
  var outputBytesPerBatch = 128 * 1024
  /// Told what is in flight whenever it changes: for watching memory (the tests of the
  /// bound). Nil by default, which costs nothing.
  var observer: (@Sendable (InFlight) -> Void)? = nil

  /// What a run did, for the exit status.
  struct Summary: Sendable, Equatable {
    /// Lines read.
    var lines = 0
    /// Lines whose answer was an error.
    var failedLines = 0
  }

  /// What has been read into batches and not yet written: what the window bounds.
  struct InFlight: Sendable, Equatable {
    /// Lines.
    var lines = 0
    /// Bytes held for them: the input of the batches being answered, and the answers
    /// waiting to be written (for an earlier batch, or to fill a write).
    var bytes = 0
  }

  /// Answers every line of `source` with `answer` and hands the output to `write` in input
  /// order; returns when every line is written.
  /// - Throws: what reading `source` throws, or `UnendedLineError`, after writing the
  ///   answers to the lines before.
  func run(
    _ source: ByteSource, _ answer: JSONLinesAnswer, write: @escaping ([UInt8]) -> Void
  ) async throws -> Summary {
    // Until a batch is written the answers' length is unknown, so the first batches are
    // small: a few long answers (`evaluate` of a large template) make no oversized buffers.
    var splitter = LineSplitter(
      linesPerBatch: min(linesPerBatch, 8), bytesPerBatch: bytesPerBatch,
      maximumLineBytes: maximumLineBytes)
    // Answers are written into buffers that come back once written, so a run reuses a few
    // warm buffers instead of mapping, faulting in and unmapping fresh memory per batch.
    let buffers = BufferPool(keeping: batchesInFlight + 1)
    var output = OrderedOutput(
      flushAt: outputBytes, write: write, observer: observer, buffers: buffers)
    let failure: (any Error)? = await withTaskGroup(of: (Int, BatchAnswer).self) { group in
      func submit(_ batch: LineBatch) async {
        while output.batchesInFlight >= batchesInFlight {
          await output.receive(from: &group)
        }
        let index = output.submitted(batch)
        let limit = maximumLineBytes
        // Room for as much output as the last batch made per line and a quarter more, so the
        // buffer is not grown (and copied) a dozen times on the way, nor for a batch slightly
        // longer than the last.
        let capacity = batch.count * (output.bytesPerLine ?? 0) * 5 / 4
        group.addTask {
          let buffer = buffers.take()
          return (
            index,
            BatchAnswer(
              batch, answer, maximumLineBytes: limit, capacity: capacity, buffer: buffer)
          )
        }
      }
      func drain() async {
        while output.batchesInFlight > 0 { await output.receive(from: &group) }
        output.flush()
      }
      while true {
        if !source.isReady() {
          if let partial = splitter.takePartialBatch() { await submit(partial) }
          await drain()
        }
        let chunk: [UInt8]
        do {
          chunk = try source.read(readSize)
        } catch {
          await drain()
          return error
        }
        guard !chunk.isEmpty else { break }
        splitter.append(chunk)
        while let batch = splitter.nextFullBatch() {
          await submit(batch)
          if let bytesPerLine = output.bytesPerLine {
            splitter.linesPerBatch = min(linesPerBatch, outputBytesPerBatch / bytesPerLine)
          }
        }
        if splitter.unendedLineBytes > maximumUnendedLineBytes {
          if let partial = splitter.takePartialBatch() { await submit(partial) }
          await drain()
          return UnendedLineError(
            lineNumber: splitter.unendedLineNumber, limit: maximumUnendedLineBytes)
        }
      }
      if let last = splitter.finish() { await submit(last) }
      await drain()
      return nil
    }
    if let failure { throw failure }
    return output.summary
  }
}

/// The input stopped being read: a line went on past the limit without a line feed.
struct UnendedLineError: Error, CustomStringConvertible {
  let lineNumber: Int
  let limit: Int

  /// For example `line 3 has no line feed in its first 268435456 bytes; stopped reading`.
  var description: String {
    "line \(lineNumber) has no line feed in its first \(limit) bytes; stopped reading"
  }
}

/// One batch's answers: the output bytes of its lines and how many failed.
struct BatchAnswer: Sendable {
  let bytes: [UInt8]
  let failedLines: Int

  /// Answers every line of `batch` in order into `buffer` (emptied first, its memory kept);
  /// a line that was longer than `maximumLineBytes` is an error.
  init(
    _ batch: LineBatch, _ answer: JSONLinesAnswer, maximumLineBytes: Int, capacity: Int,
    buffer: [UInt8] = []
  ) {
    var writer = JSONTextWriter(reusing: buffer, capacity: capacity)
    var failed = 0
    batch.forEachLine { number, line, overlong in
      let answered = JSONLinesInput.answer(
        line, number: number, overlongBeyond: overlong ? maximumLineBytes : nil, answer,
        into: &writer)
      if !answered { failed += 1 }
    }
    bytes = writer.bytes
    failedLines = failed
  }
}

/// The writing end of the pipeline: puts batches that finish in any order back in input
/// order and gathers their bytes into large writes.
private struct OrderedOutput {
  let flushAt: Int
  let write: ([UInt8]) -> Void
  let observer: (@Sendable (JSONLinesPipeline.InFlight) -> Void)?
  /// Where a batch's buffer goes once its bytes are written or copied.
  let buffers: BufferPool
  private(set) var summary = JSONLinesPipeline.Summary()
  private var nextToSubmit = 0
  private var nextToWrite = 0
  /// Finished batches waiting for an earlier one, by index.
  private var finished: [Int: BatchAnswer] = [:]
  /// The line and input byte counts of the batches in flight, by index.
  private var submittedSizes: [Int: (lines: Int, bytes: Int)] = [:]
  private var inFlight = JSONLinesPipeline.InFlight()
  private var pending: [UInt8] = []
  /// Output bytes per line in the last batch written; nil before the first.
  private(set) var bytesPerLine: Int?

  init(
    flushAt: Int, write: @escaping ([UInt8]) -> Void,
    observer: (@Sendable (JSONLinesPipeline.InFlight) -> Void)?, buffers: BufferPool
  ) {
    self.flushAt = flushAt
    self.write = write
    self.observer = observer
    self.buffers = buffers
  }

  /// Batches read and not yet written.
  var batchesInFlight: Int { nextToSubmit - nextToWrite }

  /// Counts `batch` going out to a worker; returns its index.
  mutating func submitted(_ batch: LineBatch) -> Int {
    defer { nextToSubmit += 1 }
    submittedSizes[nextToSubmit] = (batch.count, batch.byteCount)
    summary.lines += batch.count
    inFlight.lines += batch.count
    inFlight.bytes += batch.byteCount
    observer?(inFlight)
    return nextToSubmit
  }

  /// Waits for a worker to finish and writes every batch that is now next in order.
  mutating func receive(from group: inout TaskGroup<(Int, BatchAnswer)>) async {
    guard let (index, answer) = await group.next() else { return }
    // The batch's input is let go; its answer waits for the batches before it.
    inFlight.bytes += answer.bytes.count - (submittedSizes[index]?.bytes ?? 0)
    finished[index] = answer
    while let next = finished.removeValue(forKey: nextToWrite) {
      summary.failedLines += next.failedLines
      let lines = submittedSizes.removeValue(forKey: nextToWrite)?.lines ?? 0
      bytesPerLine = next.bytes.count / max(1, lines) + 1
      nextToWrite += 1
      inFlight.lines -= lines
      // Pending output stays counted until `flush` writes it.
      append(next.bytes)
    }
    observer?(inFlight)
  }

  /// Gathers a small batch's bytes into one buffer; a large one (a quarter of a write or
  /// more) is written as it is, after what was waiting, rather than copied.
  private mutating func append(_ bytes: [UInt8]) {
    if bytes.count >= flushAt / 4 {
      flush()
      write(bytes)
      inFlight.bytes -= bytes.count
    } else {
      pending.append(contentsOf: bytes)
      if pending.count >= flushAt { flush() }
    }
    buffers.put(bytes)
  }

  /// Writes whatever is waiting.
  mutating func flush() {
    guard !pending.isEmpty else { return }
    write(pending)
    inFlight.bytes -= pending.count
    pending.removeAll(keepingCapacity: true)
    observer?(inFlight)
  }
}
