import Core
import Foundation

/// The tool's rule for commands that read JSON lines: every input line gets exactly one
/// output line; a bad line gets `{"error": "line N: what is wrong"}` in its place, the run
/// goes on, and the exit status is 1 if any line was bad.
///
/// Lines are bytes until the parser reads them, so a line that is not UTF-8 is that line's
/// error (the parser names the byte), not the whole input's. The lines stream through
/// `JSONLinesPipeline`: read in chunks, answered on every core, printed in input order.
enum JSONLinesInput {
  /// Answers every line of `path` (`-` for standard input) with `answer`, printing one
  /// answer per line, and fails if any line did.
  /// - Throws: `InputFileError` when the file cannot be opened or read.
  static func run(
    _ path: String, io: ToolIO, pipeline: JSONLinesPipeline = JSONLinesPipeline(),
    _ answer: JSONLinesAnswer
  ) async throws -> ExitStatus {
    let summary = try await ByteSource.reading(path, standardInput: io.standardInput) {
      source, _ in try await pipeline.run(source, answer, write: io.writeOutputBytes)
    }
    return summary.failedLines > 0 ? .failure : .success
  }

  /// The rule for one line: read as a JSON object and answered by `answer`; a line that was
  /// too long (longer than `limit`, its bytes dropped), not JSON or not an object, or whose answer throws, answered by
  /// `answer.failed` with the message `line N: what is wrong` (kept to one line) instead of
  /// whatever the answer had written. Either way the line ends with a newline.
  /// - Returns: false when the line was bad.
  static func answer(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, overlongBeyond limit: Int?,
    _ answer: JSONLinesAnswer, into writer: inout JSONTextWriter
  ) -> Bool {
    let start = writer.bytes.count
    defer { writer.writeByte(UInt8(ascii: "\n")) }
    if limit == nil, let direct = answer.direct, direct(line, number, &writer) { return true }
    do {
      try answer.answer(try object(line, overlongBeyond: limit), number, &writer)
      return true
    } catch {
      writer.bytes.removeSubrange(start...)
      answer.failed(message(error, line: number), number, &writer)
      return false
    }
  }

  /// What a bad line's reply says: `line N: what is wrong`, kept to one line.
  static func message(_ error: any Error, line number: Int) -> String {
    Excerpt.line("line \(number): \(error)")
  }

  /// The JSON object a line holds.
  /// - Throws: `LineError` when the line was too long (longer than `limit`, its bytes
  ///   dropped), is not JSON or is not an object.
  static func object(
    _ line: UnsafeBufferPointer<UInt8>, overlongBeyond limit: Int?
  ) throws(LineError) -> JSONObject {
    if let limit { throw LineError("the line is longer than \(limit) bytes") }
    let value: JSONValue
    do {
      value = try JSONParser().parse(line)
    } catch {
      throw LineError("not JSON: \(error.message) at column \(error.column)")
    }
    guard case .object(let object) = value else {
      throw LineError("expected a JSON object, found \(value.kindDescription)")
    }
    return object
  }
}

/// How a JSON-lines command answers: what it writes for a good line and for a bad one.
/// Answers run on many threads at once, so they share nothing mutable.
struct JSONLinesAnswer: Sendable {
  /// Writes the answer to one line's object (line number given), without the newline;
  /// throws when the line is bad.
  let answer: @Sendable (JSONObject, Int, inout JSONTextWriter) throws -> Void
  /// Writes the reply to a bad line from its message (`line N: ...`) and number.
  let failed: @Sendable (String, Int, inout JSONTextWriter) -> Void
  /// Answers a line straight from its bytes (line number given), before any parsing, when
  /// it can: for the common shape of a command's lines, read without building a
  /// `JSONObject`. Returns false, having written nothing, to leave the line to `answer`,
  /// which then reads it or says what is wrong with it; so it must answer exactly as
  /// `answer` would.
  let direct: (@Sendable (UnsafeBufferPointer<UInt8>, Int, inout JSONTextWriter) -> Bool)?

  /// An answer; a bad line's reply is `{"error": message}` unless `failed` says otherwise.
  init(
    _ answer: @escaping @Sendable (JSONObject, Int, inout JSONTextWriter) throws -> Void,
    failed: @escaping @Sendable (String, Int, inout JSONTextWriter) -> Void = Self.errorObject,
    direct: (@Sendable (UnsafeBufferPointer<UInt8>, Int, inout JSONTextWriter) -> Bool)? = nil
  ) {
    self.answer = answer
    self.failed = failed
    self.direct = direct
  }

  /// `{"error": message}`, the reply to a bad line.
  @Sendable static func errorObject(
    _ message: String, _ number: Int, into writer: inout JSONTextWriter
  ) {
    writer.writeRaw(#"{"error":"#)
    writer.writeString(message)
    writer.writeByte(UInt8(ascii: "}"))
  }
}

/// What is wrong with one input line, in words for the `{"error": ...}` reply.
struct LineError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
