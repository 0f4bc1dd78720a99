import Foundation
import HTTPTransport
import SwitchyardTestSupport

/// The gzip fixtures (see `Fixtures/Gzip/README.md`) and hand-made deflate streams for the
/// malformed cases.
enum GzipTestData {
  /// The bytes of fixture `name` in `Tests/HTTPTransportTests/Fixtures/Gzip`.
  static func fixture(_ name: String) throws -> [UInt8] {
    try SourceTree.bytes("Tests/HTTPTransportTests/Fixtures/Gzip/\(name)")
  }

  /// The plain member header with no optional fields: deflate, no flags, MTIME 0, OS Unix.
  static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]

  /// A member: `header`, `deflate`, and the trailer for `data` (what `deflate` should
  /// inflate to; a wrong one tests the trailer checks).
  static func member(deflate: [UInt8], data: [UInt8]) -> [UInt8] {
    header + deflate + littleEndian(CRC32.checksum(data)) + littleEndian(UInt32(data.count))
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}

/// Writes a deflate stream's bits as RFC 1951 orders them: numbers least significant bit
/// first, Huffman codes most significant bit first.
struct DeflateBitWriter {
  private(set) var bytes: [UInt8] = []
  private var bitCount = 0

  /// `value` in `count` bits, least significant first (header fields, extra bits).
  mutating func number(_ value: Int, bits count: Int) {
    for bit in 0..<count { append(value >> bit & 1) }
  }

  /// A Huffman `code` of `length` bits, most significant first.
  mutating func code(_ code: Int, length: Int) {
    for bit in (0..<length).reversed() { append(code >> bit & 1) }
  }

  /// A block header: BFINAL, then BTYPE.
  mutating func blockHeader(final: Bool, type: Int) {
    number(final ? 1 : 0, bits: 1)
    number(type, bits: 2)
  }

  /// The fixed code of literal/length `symbol` (RFC 1951, 3.2.6).
  mutating func fixedLiteralLength(_ symbol: Int) {
    switch symbol {
    case 0...143: code(0x30 + symbol, length: 8)
    case 144...255: code(0x190 + symbol - 144, length: 9)
    case 256...279: code(symbol - 256, length: 7)
    default: code(0xC0 + symbol - 280, length: 8)
    }
  }

  private mutating func append(_ bit: Int) {
    if bitCount % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= UInt8(bit) << UInt8(bitCount % 8)
    bitCount += 1
  }
}
