import Core
import Foundation
import Testing

@testable import switchyard

@Suite("The JSON-lines rule")
struct JSONLinesInputTests {
  @Test("each input line gets exactly one output line, bad lines an error, and the run goes on")
  func oneAnswerPerLine() {
    let capture = CapturedToolIO()
    let lines = [#"{"n": 1}"#, "not json", "[1, 2]", #"{"n": 2}"#, "", #"{"fail": true}"#]
    let status = JSONLinesInput.answer(lines.map { Array($0.utf8) }, io: capture.io) {
      object, number in
      if object["fail"] != nil { throw LineError("asked to fail") }
      return ["line": .number(JSONNumber(number)), "n": object["n"] ?? .null]
    }
    #expect(status == .failure)
    #expect(
      capture.outputLines == [
        #"{"line":1,"n":1}"#,
        #"{"error":"line 2: not JSON: expected 'null' at column 1"}"#,
        #"{"error":"line 3: expected a JSON object, found an array"}"#,
        #"{"line":4,"n":2}"#,
        #"{"error":"line 5: not JSON: expected a JSON value, found end of input at column 1"}"#,
        #"{"error":"line 6: asked to fail"}"#,
      ])
  }

  @Test("all good lines exit 0")
  func allGood() {
    let capture = CapturedToolIO()
    let lines = [#"{}"#, #"{"a": "b"}"#].map { Array($0.utf8) }
    let status = JSONLinesInput.answer(lines, io: capture.io) { object, _ in .object(object) }
    #expect(status == .success)
    #expect(capture.outputLines == ["{}", #"{"a":"b"}"#])
  }

  @Test("files are split on LF and CRLF, and a final newline adds no line")
  func readsFileLines() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-lines-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("{\"a\":1}\r\n\n{\"b\":2}\n".utf8).write(to: url)
    let lines = try JSONLinesInput.lines(at: url.path, io: CapturedToolIO().io)
    #expect(lines.map { String(decoding: $0, as: UTF8.self) } == [#"{"a":1}"#, "", #"{"b":2}"#])
  }

  @Test("'-' reads standard input")
  func readsStandardInput() throws {
    let capture = CapturedToolIO(input: ["{}", "{\"x\":1}"])
    let lines = try JSONLinesInput.lines(at: "-", io: capture.io)
    #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["{}", #"{"x":1}"#])
  }

  @Test("a missing file is an error that names the path")
  func missingFile() {
    #expect {
      try JSONLinesInput.lines(at: "/nonexistent/contexts.jsonl", io: CapturedToolIO().io)
    } throws: { error in
      "\(error)".hasPrefix("/nonexistent/contexts.jsonl: cannot be read")
    }
  }
}
