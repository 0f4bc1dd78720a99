@testable import HTTPTransport
import Testing

@Suite("HuffmanTable")
struct HuffmanTableTests {
  /// RFC 1951, section 3.2.2: A...H with lengths 3, 3, 3, 3, 3, 2, 4, 4 have the codes
  /// 010, 011, 100, 101, 110, 00, 1110, 1111.
  static let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
  static let codes = [
    (0b010, 3), (0b011, 3), (0b100, 3), (0b101, 3), (0b110, 3), (0b00, 2),
    (0b1110, 4), (0b1111, 4),
  ]

  @Test(
    "the canonical codes of RFC 1951's example decode to their symbols, by table or bit by bit",
    arguments: [10, 1])
  func rfcExample(fastBits: Int) throws {
    let message = [5, 0, 7, 6, 1, 2, 3, 4, 5, 5, 7]
    var writer = DeflateBitWriter()
    for symbol in message { writer.code(Self.codes[symbol].0, length: Self.codes[symbol].1) }
    let table = HuffmanTable(lengths: Self.lengths, fastBits: fastBits)
    var reader = BitReader(writer.bytes, at: 0)
    var decoded: [Int] = []
    for _ in message { decoded.append(try table.decode(&reader, code: .literalLength)) }
    #expect(decoded == message)
  }

  @Test(
    "over-subscribed codes are refused, incomplete ones too unless a lone one-bit code of the literal/length or distance code; no code at all is allowed",
    arguments: [
      ([1, 1, 1], GzipError.Code.distance, GzipError.oversubscribedCode(.distance, offset: 7)),
      ([2, 2, 2], .literalLength, .incompleteCode(.literalLength, offset: 7)),
      ([0, 1], .codeLength, .incompleteCode(.codeLength, offset: 7)),
      ([0, 1], .distance, nil),
      ([0, 0], .codeLength, nil),
      ([2, 2, 2, 2], .codeLength, nil),
    ] as [([UInt8], GzipError.Code, GzipError?)])
  func checks(lengths: [UInt8], code: GzipError.Code, expected: GzipError?) {
    do {
      _ = try HuffmanTable.checked(lengths, code: code, offset: 7)
      #expect(expected == nil)
    } catch {
      #expect(error == expected)
    }
  }

  @Test("bits that start no code of an incomplete code are an invalid symbol")
  func unusedPattern() throws {
    let table = try HuffmanTable.checked([1], code: .distance, offset: 0)
    var zero = BitReader([0x00, 0x00], at: 0)
    #expect(try table.decode(&zero, code: .distance) == 0)
    var one = BitReader([0xFF, 0xFF], at: 0)
    #expect(throws: GzipError.invalidSymbol(.distance, offset: 0)) {
      try table.decode(&one, code: .distance)
    }
  }
}
