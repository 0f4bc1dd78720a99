import Core
import Foundation

/// The tool's rule for commands that read JSON lines: every input line gets exactly one
/// output line; a bad line gets `{"error": "line N: what is wrong"}` in its place, the run
/// goes on, and the exit status is 1 if any line was bad.
enum JSONLinesInput {
  /// The lines of `path` (`-` for standard input) as bytes, without line terminators. A
  /// final newline does not make an extra empty line. Lines stay bytes, so a line that is not
  /// UTF-8 is that line's error (the parser names the byte), not the whole input's.
  static func lines(at path: String, io: ToolIO) throws -> [[UInt8]] {
    if path == "-" {
      var lines: [[UInt8]] = []
      while let line = io.readInputLine() { lines.append(Array(line.utf8)) }
      return lines
    }
    let data = try InputFile.readData(at: path)
    // Split on bytes: Swift treats "\r\n" as one Character, so a Character split would
    // leave CRLF lines whole.
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line) }
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Answers each line with `answer(object, lineNumber)`, printing one JSON line per input
  /// line; errors thrown by `answer` become that line's `{"error": ...}`.
  static func answer(
    _ lines: [[UInt8]], io: ToolIO, _ answer: (JSONObject, Int) throws -> JSONValue
  ) -> ExitStatus {
    self.answer(lines, io: io) { object, number in
      try answer(object, number).jsonText
    } failed: { message, _ in
      let error: JSONValue = ["error": .string(message)]
      return error.jsonText
    }
  }

  /// The rule itself, for any output: each line read as a JSON object and printed as
  /// `answer(object, lineNumber)`; a line that is not an object, or whose answer throws,
  /// printed as `failed(message, lineNumber)` with the message `line N: what is wrong` (kept
  /// to one line), and the run goes on. Fails if any line did.
  static func answer(
    _ lines: [[UInt8]], io: ToolIO, _ answer: (JSONObject, Int) throws -> String,
    failed: (String, Int) -> String
  ) -> ExitStatus {
    var status = ExitStatus.success
    for (offset, line) in lines.enumerated() {
      let number = offset + 1
      do {
        let value: JSONValue
        do {
          value = try JSONParser().parse(line)
        } catch {
          throw LineError("not JSON: \(error.message) at column \(error.column)")
        }
        guard case .object(let object) = value else {
          throw LineError("expected a JSON object, found \(value.kindDescription)")
        }
        io.printLine(try answer(object, number))
      } catch {
        status = .failure
        io.printLine(failed(Excerpt.line("line \(number): \(error)"), number))
      }
    }
    return status
  }
}

/// What is wrong with one input line, in words for the `{"error": ...}` reply.
struct LineError: Error, CustomStringConvertible {
  /// The message.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
