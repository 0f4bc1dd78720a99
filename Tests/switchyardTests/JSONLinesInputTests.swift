import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

@Suite("The JSON-lines rule")
struct JSONLinesInputTests {
  /// Echoes each object with its line number; `{"fail": true}` is a bad line.
  static let echo = JSONLinesAnswer { object, number, writer in
    if object["fail"] != nil { throw LineError("asked to fail") }
    writer.write(["line": .number(JSONNumber(number)), "n": object["n"] ?? .null])
  }

  /// Runs `answer` over `text` through the pipeline, returning the exit status and output.
  static func run(
    _ text: [UInt8], _ answer: JSONLinesAnswer = echo,
    pipeline: JSONLinesPipeline = JSONLinesPipeline(linesPerBatch: 2, batchesInFlight: 2)
  ) async throws -> (switchyard.ExitStatus, [String]) {
    let capture = CapturedToolIO(inputBytes: text, chunk: 5)
    let status = try await JSONLinesInput.run("-", io: capture.io, pipeline: pipeline, answer)
    return (status, capture.outputLines)
  }

  @Test("each input line gets exactly one output line, bad lines an error, and the run goes on")
  func oneAnswerPerLine() async throws {
    let lines = [#"{"n": 1}"#, "not json", "[1, 2]", #"{"n": 2}"#, "", #"{"fail": true}"#]
    let (status, output) = try await Self.run(Array(lines.joined(separator: "\n").utf8))
    #expect(status == .failure)
    #expect(
      output == [
        #"{"line":1,"n":1}"#,
        #"{"error":"line 2: not JSON: expected 'null' at column 1"}"#,
        #"{"error":"line 3: expected a JSON object, found an array"}"#,
        #"{"line":4,"n":2}"#,
        #"{"error":"line 5: not JSON: expected a JSON value, found end of input at column 1"}"#,
        #"{"error":"line 6: asked to fail"}"#,
      ])
  }

  @Test("all good lines exit 0; CRLF lines and a final newline split as in a file")
  func allGood() async throws {
    let (status, output) = try await Self.run(
      Array("{}\r\n{\"a\": \"b\"}\n".utf8),
      JSONLinesAnswer { object, _, writer in writer.write(.object(object)) })
    #expect(status == .success)
    #expect(output == ["{}", #"{"a":"b"}"#])
  }

  @Test("a line that is not UTF-8 is that line's error, named by the parser")
  func notUTF8() async throws {
    let (status, output) = try await Self.run([0x7B, 0x7D, 0x0A, 0xC3, 0x28, 0x0A, 0x7B, 0x7D])
    #expect(status == .failure)
    #expect(output.count == 3)
    #expect(output[1].hasPrefix(#"{"error":"line 2: not JSON: "#))
    #expect(output[2] == #"{"line":3,"n":null}"#)
  }

  @Test("a line longer than the limit is that line's error, and the lines after it answer")
  func overlongLine() async throws {
    var pipeline = JSONLinesPipeline(linesPerBatch: 2, batchesInFlight: 2)
    pipeline.maximumLineBytes = 16
    let text =
      #"{"n": 1}"# + "\n{\"n\": \"" + String(repeating: "x", count: 40) + "\"}\n{\"n\": 3}\n"
    let (status, output) = try await Self.run(Array(text.utf8), pipeline: pipeline)
    #expect(status == .failure)
    #expect(
      output == [
        #"{"line":1,"n":1}"#, #"{"error":"line 2: the line is longer than 16 bytes"}"#,
        #"{"line":3,"n":3}"#,
      ])
  }

  @Test("an answer that throws after writing leaves none of its bytes in the output")
  func failedAnswerIsRolledBack() async throws {
    let answer = JSONLinesAnswer { object, _, writer in
      writer.writeRaw("partial answer")
      if object["fail"] != nil { throw LineError("half way") }
    }
    let (_, output) = try await Self.run(Array("{}\n{\"fail\": 1}\n".utf8), answer)
    #expect(output == ["partial answer", #"{"error":"line 2: half way"}"#])
  }

  @Test("a direct answer takes the lines it can from their bytes and leaves the rest, bad ones too")
  func directAnswer() async throws {
    // Lines that are exactly `{}` are answered from their bytes; the rest go the usual way.
    let answer = JSONLinesAnswer(
      Self.echo.answer,
      direct: { line, number, writer in
        guard Array(line) == Array("{}".utf8) else { return false }
        writer.writeRaw("direct \(number)")
        return true
      })
    let lines = ["{}", #"{"n": 2}"#, "not json", " {}", "{}"]
    let (status, output) = try await Self.run(Array(lines.joined(separator: "\n").utf8), answer)
    #expect(status == .failure)
    #expect(
      output == [
        "direct 1", #"{"line":2,"n":2}"#,
        #"{"error":"line 3: not JSON: expected 'null' at column 1"}"#, #"{"line":4,"n":null}"#,
        "direct 5",
      ])
  }

  @Test("a file is read by path, and a missing one is an error that names it")
  func files() async throws {
    let files = try TemporaryDirectory()
    let path = try files.write("c.jsonl", "{\"n\": 1}\r\n\n")
    let capture = CapturedToolIO()
    #expect(try await JSONLinesInput.run(path, io: capture.io, Self.echo) == .failure)
    #expect(
      capture.outputLines == [
        #"{"line":1,"n":1}"#,
        #"{"error":"line 2: not JSON: expected a JSON value, found end of input at column 1"}"#,
      ])
    await #expect {
      try await JSONLinesInput.run("/nonexistent/contexts.jsonl", io: capture.io, Self.echo)
    } throws: { error in
      "\(error)".hasPrefix("/nonexistent/contexts.jsonl: cannot be read")
    }
  }
}
