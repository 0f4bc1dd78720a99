import Core
import Foundation
@testable import HTTPTransport
import Testing

@Suite("GzipInflater")
struct GzipInflaterTests {
  @Test(
    "every fixture made by Python's gzip and zlib inflates to its original",
    arguments: [
      ("text-1.gz", "text.txt"), ("text-6.gz", "text.txt"), ("text-9.gz", "text.txt"),
      ("template-1.gz", "template.json"), ("template-6.gz", "template.json"),
      ("template-9.gz", "template.json"), ("template-stored.gz", "template.json"),
      ("small-6.gz", "small.txt"), ("header-fields.gz", "small.txt"),
      ("two-members.gz", "two-members.txt"),
    ])
  func fixtures(compressed: String, original: String) throws {
    let expected = try GzipTestData.fixture(original)
    let inflated = try GzipInflater.inflate(
      try GzipTestData.fixture(compressed), limit: 1_000_000)
    #expect(inflated.count == expected.count)
    #expect(inflated == expected)
  }

  @Test("a gzip bomb stops at the limit with outputTooLarge; the same data fits a large limit")
  func bomb() throws {
    let bomb = try GzipTestData.fixture("zeros-10MB.gz")
    #expect(throws: GzipError.outputTooLarge(limit: 1_000_000)) {
      try GzipInflater.inflate(bomb, limit: 1_000_000)
    }
    let inflated = try GzipInflater.inflate(bomb, limit: 10 * 1024 * 1024)
    #expect(inflated.count == 10 * 1024 * 1024)
    #expect(inflated.allSatisfy { $0 == 0 })
  }

  @Test(
    "the limit counts every member's output: exactly the size inflates, one byte less does not",
    arguments: ["template-9.gz", "template-stored.gz", "two-members.gz", "small-6.gz"])
  func limitIsExact(name: String) throws {
    let compressed = try GzipTestData.fixture(name)
    let size = try GzipInflater.inflate(compressed, limit: 1_000_000).count
    #expect(try GzipInflater.inflate(compressed, limit: size).count == size)
    #expect(throws: GzipError.outputTooLarge(limit: size - 1)) {
      try GzipInflater.inflate(compressed, limit: size - 1)
    }
  }

  @Test(
    "a stream cut at any length is truncated at that length, in the part where it was cut",
    arguments: [("small-6.gz", 10), ("header-fields.gz", 40)])
  func truncatedAtEveryLength(name: String, headerLength: Int) throws {
    let whole = try GzipTestData.fixture(name)
    for length in 0..<whole.count {
      let part: GzipError.Part =
        length < headerLength ? .header : length < whole.count - 8 ? .deflate : .trailer
      #expect(throws: GzipError.truncated(part, offset: length), "cut at \(length)") {
        try GzipInflater.inflate(Array(whole[..<length]), limit: 1_000)
      }
    }
  }

  @Test(
    "damaged or invalid input is a typed error naming the problem and the byte",
    arguments: MalformedGzip.cases)
  func malformed(_ example: MalformedGzip) {
    #expect(throws: example.error) {
      try GzipInflater.inflate(example.bytes, limit: 1_000_000)
    }
  }

  @Test("every error describes itself in one line that names the byte, if any")
  func descriptions() {
    for example in MalformedGzip.cases {
      let text = example.error.description
      #expect(!text.contains("\n"))
      #expect(text.contains("at byte ") || text.contains("limit"), "\(text)")
    }
    #expect(
      GzipError.checksumMismatch(expected: 0xABCD, actual: 0x1234_5678, offset: 9).description
        == "the CRC-32 in the trailer (0x0000abcd) does not match the data (0x12345678), at byte 9")
  }

  @Test("random data after a valid header gives an error or data within the limit, never a trap")
  func randomInput() {
    var random = SeededRandomGenerator(seed: 1951)
    for _ in 0..<400 {
      let length = Int.random(in: 0...300, using: &random)
      let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      do {
        let output = try GzipInflater.inflate(GzipTestData.header + noise, limit: 1 << 16)
        #expect(output.count <= 1 << 16)
      } catch {
        // Any GzipError is a correct answer to noise.
      }
    }
  }

  @Test(
    "a mutated stream inflates to its original (damage in unchecked header bytes) or fails",
    arguments: [
      ("small-6.gz", "small.txt"), ("header-fields.gz", "small.txt"), ("text-6.gz", "text.txt"),
      ("two-members.gz", "two-members.txt"),
    ])
  func mutatedInput(compressed: String, original: String) throws {
    let whole = try GzipTestData.fixture(compressed)
    let expected = try GzipTestData.fixture(original)
    var random = SeededRandomGenerator(seed: UInt64(whole.count))
    for _ in 0..<150 {
      var bytes = whole
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] ^=
            1 << UInt8.random(in: 0..<8, using: &random)
        }
      case 1:
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      case 2:
        let start = Int.random(in: 0..<bytes.count, using: &random)
        bytes.removeSubrange(
          start..<min(bytes.count, start + Int.random(in: 1...8, using: &random)))
      default:
        let start = Int.random(in: 0..<bytes.count, using: &random)
        bytes.insert(contentsOf: bytes[start..<min(bytes.count, start + 16)], at: start)
      }
      do {
        let output = try GzipInflater.inflate(bytes, limit: 1 << 18)
        #expect(output == expected, "a mutation inflated to other data")
      } catch {
        // Caught by a check: the right answer to damage.
      }
    }
  }
}

/// One malformed input and the error it must give.
struct MalformedGzip: Sendable, CustomStringConvertible {
  let description: String
  let bytes: [UInt8]
  let error: GzipError

  static var cases: [MalformedGzip] {
    var cases: [MalformedGzip] = []
    func add(_ name: String, _ bytes: [UInt8], _ error: GzipError) {
      cases.append(MalformedGzip(description: name, bytes: bytes, error: error))
    }
    let header = GzipTestData.header
    let small = (try? GzipTestData.fixture("small-6.gz")) ?? []
    let smallText = Array("hello, hello, hello gzip world\n".utf8)
    let smallCRC = CRC32.checksum(smallText)
    let trailer = small.count - 8

    add("empty input", [], .truncated(.header, offset: 0))
    add("JSON, not gzip", Array(#"{"a":1}"#.utf8), .notGzip(offset: 0))
    add("second magic byte wrong", [0x1F, 0x8C] + header.dropFirst(2), .notGzip(offset: 0))
    var method = header
    method[2] = 7
    add("method 7", method + [3, 0], .unsupportedMethod(7, offset: 2))
    var flags = header
    flags[3] = 0x20
    add("a reserved flag bit", flags + [3, 0], .reservedFlags(offset: 3))
    var headerCRC = (try? GzipTestData.fixture("header-fields.gz")) ?? []
    headerCRC[38] ^= 0x01
    add("the header CRC-16 flipped", headerCRC, .headerChecksumMismatch(offset: 38))

    var crc = small
    crc[trailer] ^= 0xFF
    add(
      "a flipped CRC byte", crc,
      .checksumMismatch(expected: smallCRC ^ 0xFF, actual: smallCRC, offset: trailer))
    var size = small
    size[trailer + 4] &+= 1
    add(
      "a wrong ISIZE", size,
      .sizeMismatch(
        expected: UInt32(smallText.count + 1), actual: UInt32(smallText.count),
        offset: trailer + 4))
    add("garbage after the member", small + [0], .notGzip(offset: small.count))
    add("half a second member", small + [0x1F], .truncated(.header, offset: small.count + 1))

    var deflate = DeflateBitWriter()
    deflate.blockHeader(final: true, type: 3)
    add(
      "block type 3", GzipTestData.member(deflate: deflate.bytes, data: []),
      .invalidBlockType(offset: 10))

    add(
      "a stored block whose NLEN is not the complement of LEN",
      GzipTestData.member(deflate: [0x01, 0x01, 0x00, 0x00, 0x00, 0x41], data: [0x41]),
      .storedLengthMismatch(offset: 11))

    // Dynamic blocks: HLIT 257 and HDIST 1 (258 lengths) unless said otherwise.
    func dynamic(
      literalLengthCount: Int = 257, codeLengths: [Int], _ body: (inout DeflateBitWriter) -> Void
    ) -> [UInt8] {
      var writer = DeflateBitWriter()
      writer.blockHeader(final: true, type: 2)
      writer.number(literalLengthCount - 257, bits: 5)
      writer.number(0, bits: 5)
      writer.number(codeLengths.count - 4, bits: 4)
      for length in codeLengths { writer.number(length, bits: 3) }
      body(&writer)
      return GzipTestData.member(deflate: writer.bytes, data: [])
    }
    add(
      "an over-subscribed code-length code (four one-bit codes)",
      dynamic(codeLengths: [1, 1, 1, 1]) { _ in }, .oversubscribedCode(.codeLength, offset: 13))
    // Code-length symbols 0 ("0") and 8 ("1"), given in the order 16, 17, 18, 0, 8, 7.
    let zeroAndEight = [0, 0, 0, 1, 1, 0]
    add(
      "an over-subscribed literal/length code (257 eight-bit codes)",
      dynamic(codeLengths: zeroAndEight) { writer in
        for _ in 0..<258 { writer.code(1, length: 1) }
      }, .oversubscribedCode(.literalLength, offset: 10))
    add(
      "an incomplete literal/length code (one eight-bit code)",
      dynamic(codeLengths: zeroAndEight) { writer in
        for _ in 0..<256 { writer.code(0, length: 1) }
        writer.code(1, length: 1)
        writer.code(1, length: 1)
      }, .incompleteCode(.literalLength, offset: 10))
    add(
      "no code for end-of-block",
      dynamic(codeLengths: zeroAndEight) { writer in
        for _ in 0..<258 { writer.code(0, length: 1) }
      }, .missingEndOfBlock(offset: 10))
    // Code-length symbols 16 ("1") and 0 ("0").
    let sixteenAndZero = [1, 0, 0, 1]
    add(
      "a repeat with nothing before it",
      dynamic(codeLengths: sixteenAndZero) { writer in writer.code(1, length: 1) },
      .invalidLengthRepeat(offset: 13))
    add(
      "a repeat past the last length",
      dynamic(codeLengths: sixteenAndZero) { writer in
        for _ in 0..<257 { writer.code(0, length: 1) }
        writer.code(1, length: 1)
        writer.number(0, bits: 2)
      }, .invalidLengthRepeat(offset: 45))
    add(
      "287 literal/length codes",
      dynamic(literalLengthCount: 287, codeLengths: [0, 0, 0, 0]) { _ in },
      .tooManyCodes(offset: 10))

    var fixed286 = DeflateBitWriter()
    fixed286.blockHeader(final: true, type: 1)
    fixed286.fixedLiteralLength(286)
    add(
      "fixed literal/length symbol 286",
      GzipTestData.member(deflate: fixed286.bytes, data: []),
      .invalidSymbol(.literalLength, offset: 11))
    var fixedDistance30 = DeflateBitWriter()
    fixedDistance30.blockHeader(final: true, type: 1)
    fixedDistance30.fixedLiteralLength(0x61)
    fixedDistance30.fixedLiteralLength(257)
    fixedDistance30.code(30, length: 5)
    add(
      "fixed distance symbol 30",
      GzipTestData.member(deflate: fixedDistance30.bytes, data: []),
      .invalidSymbol(.distance, offset: 12))

    var before = DeflateBitWriter()
    before.blockHeader(final: true, type: 1)
    before.fixedLiteralLength(257)
    before.code(0, length: 5)
    before.fixedLiteralLength(256)
    let reachesBefore = GzipTestData.member(deflate: before.bytes, data: [0, 0, 0])
    add(
      "a distance reaching before the start", reachesBefore,
      .distanceTooFarBack(distance: 1, available: 0, offset: 11))
    add(
      "a distance reaching into the previous member", small + reachesBefore,
      .distanceTooFarBack(distance: 1, available: 0, offset: small.count + 11))
    return cases
  }
}
