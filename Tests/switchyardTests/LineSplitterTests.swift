import Core
import Testing

@testable import switchyard

@Suite("LineSplitter")
struct LineSplitterTests {
  /// A line as the splitter handed it out: its number, its bytes, or nil when too long.
  struct Line: Equatable, CustomStringConvertible {
    let number: Int
    let bytes: [UInt8]?
    var description: String {
      "\(number): \(bytes.map { String(decoding: $0, as: UTF8.self) } ?? "<too long>")"
    }
  }

  /// The rule as the tool applied it when it read a whole file: split on LF, a CR before
  /// it dropped, and a last line that is empty (once its CR is dropped) is no line.
  static func wholeFileLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line) }
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Every line of `bytes` fed in chunks of `chunk` bytes, batch by batch.
  static func split(
    _ bytes: [UInt8], chunk: Int, linesPerBatch: Int = 3, bytesPerBatch: Int = 1_000,
    maximumLineBytes: Int = 1_000
  ) -> (lines: [Line], batches: [LineBatch]) {
    var splitter = LineSplitter(
      linesPerBatch: linesPerBatch, bytesPerBatch: bytesPerBatch,
      maximumLineBytes: maximumLineBytes)
    var batches: [LineBatch] = []
    var start = 0
    while start < bytes.count {
      splitter.append(Array(bytes[start..<min(bytes.count, start + chunk)]))
      start += chunk
      while let batch = splitter.nextFullBatch() { batches.append(batch) }
    }
    if let last = splitter.finish() { batches.append(last) }
    var lines: [Line] = []
    for batch in batches {
      batch.forEachLine { number, line, overlong in
        lines.append(Line(number: number, bytes: overlong ? nil : Array(line)))
      }
    }
    return (lines, batches)
  }

  @Test(
    "lines end at LF, a CR before it is dropped, and a final newline adds no line",
    arguments: [
      ("", []), ("\n", [""]), ("a", ["a"]), ("a\n", ["a"]), ("a\r\n", ["a"]), ("a\r", ["a"]),
      ("\r", []), ("a\n\r", ["a"]), ("a\n\n", ["a", ""]), ("a\r\n\r\nb", ["a", "", "b"]),
      ("a\rb\n", ["a\rb"]), ("a\r\r\n", ["a\r"]), ("\n\n\n", ["", "", ""]),
    ] as [(String, [String])])
  func splitsLines(text: String, expected: [String]) {
    for chunk in 1...4 {
      let lines = Self.split(Array(text.utf8), chunk: chunk).lines
      #expect(lines.map(\.bytes) == expected.map { Array($0.utf8) }, "chunk \(chunk)")
    }
  }

  @Test("any bytes in any chunks split as the whole file was split, numbered from 1")
  func matchesTheWholeFileRule() {
    var random = SeededRandomGenerator(seed: 3)
    let alphabet: [UInt8] = [0x0A, 0x0D, 0x7B, 0x7D, 0x61, 0xFF, 0xC3, 0x00, 0x20]
    for _ in 0..<200 {
      let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? 0
      }
      let expected = Self.wholeFileLines(bytes)
      for chunk in [1, 2, 5, 64] {
        let (lines, batches) = Self.split(
          bytes, chunk: chunk, linesPerBatch: Int.random(in: 1...4, using: &random))
        #expect(lines.map(\.bytes) == expected, "\(bytes) in chunks of \(chunk)")
        #expect(lines.map(\.number) == Array((0..<expected.count).map { $0 + 1 }))
        #expect(batches.allSatisfy { $0.count > 0 })
      }
    }
  }

  @Test("a batch is full at its line count or its byte count, whichever comes first")
  func batchLimits() {
    let text = (1...20).map { String(repeating: "x", count: $0 % 7) }.joined(separator: "\n")
    let (lines, batches) = Self.split(
      Array(text.utf8), chunk: 9, linesPerBatch: 4, bytesPerBatch: 10)
    #expect(lines.count == 20)
    for batch in batches.dropLast() {
      #expect(batch.count == 4 || batch.bytes.count >= 10)
      // Full at the line that reached a limit, not later: before it, neither was reached.
      let lastLength =
        batch.ends[batch.count - 1] - (batch.count > 1 ? batch.ends[batch.count - 2] : 0)
      #expect(batch.count - 1 < 4 && batch.bytes.count - lastLength < 10)
    }
    #expect(batches.count > 5)
  }

  @Test("a line longer than the limit keeps no bytes and the lines around it are whole")
  func overlongLines() {
    let long = String(repeating: "y", count: 50)
    let text = "a\n\(long)\nbb\n\(long)\r\n" + String(repeating: "x", count: 10) + "\r\nccc"
    for chunk in [1, 3, 16, 1_000] {
      let lines = Self.split(Array(text.utf8), chunk: chunk, maximumLineBytes: 10).lines
      #expect(
        lines == [
          Line(number: 1, bytes: Array("a".utf8)), Line(number: 2, bytes: nil),
          Line(number: 3, bytes: Array("bb".utf8)), Line(number: 4, bytes: nil),
          Line(number: 5, bytes: Array(String(repeating: "x", count: 10).utf8)),
          Line(number: 6, bytes: Array("ccc".utf8)),
        ], "chunk \(chunk)")
    }
    let last = Self.split(Array((long + "\r").utf8), chunk: 4, maximumLineBytes: 10).lines
    #expect(last == [Line(number: 1, bytes: nil)])
  }
}
