import Core
import HTTPTransport
import Testing

@Suite("CRC32")
struct CRC32Tests {
  @Test(
    "the checksum is the standard CRC-32 (the check value of RFC 3720 and zlib)",
    arguments: [
      ("", 0x0000_0000 as UInt32),
      ("a", 0xE8B7_BE43),
      ("123456789", 0xCBF4_3926),
      ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
  func standardValues(text: String, expected: UInt32) {
    #expect(CRC32.checksum(Array(text.utf8)) == expected)
  }

  @Test("bytes added in pieces give the checksum of the whole")
  func incremental() {
    let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
    var crc = CRC32()
    crc.update(bytes[..<10])
    crc.update(bytes[10...])
    #expect(crc.value == CRC32.checksum(bytes))
  }
}

extension CRC32Tests {
  /// The definition, one bit at a time.
  static func bitwise(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  @Test("eight bytes at a time gives the checksum of the definition, at every length and start")
  func slicingMatchesDefinition() {
    var random = SeededRandomGenerator(seed: 32)
    let bytes = (0..<200).map { _ in UInt8.random(in: 0...255, using: &random) }
    for start in 0..<9 {
      for end in start...min(bytes.count, start + 40) {
        let slice = bytes[start..<end]
        #expect(CRC32.checksum(slice) == Self.bitwise(Array(slice)))
        // A sequence without contiguous storage takes the other way in.
        #expect(CRC32.checksum(slice.lazy.map { $0 }) == Self.bitwise(Array(slice)))
      }
    }
    #expect(CRC32.checksum(bytes) == Self.bitwise(bytes))
  }
}
