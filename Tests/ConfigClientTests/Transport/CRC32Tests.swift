import ConfigClient
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
