import Core
import Testing

@testable import switchyard

@Suite("LineBatchReader")
struct LineBatchReaderTests {
  /// Every line the reader hands out, as text (`<too long>` for an overlong one), and the
  /// batches' first line numbers.
  static func read(
    _ text: String, limits: JSONLinesPipeline
  ) throws -> (lines: [String], firstLines: [Int]) {
    var reader = LineBatchReader(.bytes(Array(text.utf8), chunk: 5), limits: limits)
    var lines: [String] = []
    var firstLines: [Int] = []
    while let batch = try reader.next() {
      firstLines.append(batch.firstLineNumber)
      batch.forEachLine { number, bytes, overlong in
        lines.append(
          "\(number): " + (overlong ? "<too long>" : String(decoding: bytes, as: UTF8.self)))
      }
    }
    return (lines, firstLines)
  }

  @Test("lines come in the pipeline's batches, CRLF and a missing last newline included")
  func batches() throws {
    var limits = JSONLinesPipeline()
    limits.linesPerBatch = 2
    limits.readSize = 3
    let (lines, firstLines) = try Self.read("a\r\nbb\nccc\n\ndd", limits: limits)
    #expect(lines == ["1: a", "2: bb", "3: ccc", "4: ", "5: dd"])
    #expect(firstLines == [1, 3, 5])
  }

  @Test("a line over the limit keeps no bytes; one with no end in sight stops the reading")
  func limits() throws {
    var limits = JSONLinesPipeline()
    limits.maximumLineBytes = 4
    limits.maximumUnendedLineBytes = 12
    #expect(
      try Self.read("ok\ntoo long\nok\n", limits: limits).lines == [
        "1: ok", "2: <too long>", "3: ok",
      ])
    #expect(throws: UnendedLineError.self) {
      try Self.read("ok\n" + String(repeating: "x", count: 40), limits: limits)
    }
  }
}
