@testable import HTTPTransport
import Testing

@Suite("BitReader")
struct BitReaderTests {
  @Test("numbers come least significant bit first, across byte boundaries; the end is truncated")
  func bitsInOrder() throws {
    var reader = BitReader([0b1010_1100, 0b0000_0111], at: 0)
    #expect(try reader.bits(3) == 0b100)
    #expect(reader.offset == 0)
    #expect(try reader.bits(7) == 0b11_10101)
    #expect(reader.offset == 1)
    #expect(try reader.bits(6) == 0b000001)
    #expect(throws: GzipError.truncated(.deflate, offset: 2)) { try reader.bits(1) }
  }

  @Test("aligning drops the rest of the byte and gives back the bytes already buffered")
  func align() throws {
    var reader = BitReader([0xFF, 1, 2, 3], at: 0)
    _ = try reader.bits(3)
    reader.alignToByte()
    #expect(reader.alignedOffset == 1)
    #expect(Array(try reader.alignedBytes(3)) == [1, 2, 3])
    #expect(throws: GzipError.truncated(.deflate, offset: 4)) { try reader.alignedBytes(1) }
  }
}
