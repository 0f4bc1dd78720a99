import HTTPTransport

/// A gzip writer for the tests' servers: one gzip member (RFC 1952) whose deflate stream
/// (RFC 1951) holds only stored blocks, the uncompressed block type.
///
/// Stored blocks are valid deflate that every inflater must read (RFC 1951 §3.2.4), so a
/// body written here is real gzip, with the header, the CRC-32 of the data and its size mod
/// 2^32 in the trailer; it is only not smaller. That is all a fake server needs to send
/// `Content-Encoding: gzip` honestly, without writing a compressor for the tests.
public enum StoredGzip {
  /// The most bytes a stored block holds (its LEN field is 16 bits).
  public static let maximumBlockSize = 65_535

  /// `bytes` as one gzip member, in stored blocks of at most `blockSize` bytes (smaller
  /// blocks let a test give an inflater several blocks). Empty input is one empty final
  /// block.
  public static func encode(_ bytes: [UInt8], blockSize: Int = maximumBlockSize) -> [UInt8] {
    let blockSize = min(max(blockSize, 1), maximumBlockSize)
    // ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0 (none), XFL = 0, OS = 255 (unknown).
    var output: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
    output.reserveCapacity(bytes.count + bytes.count / blockSize * 5 + 23)
    var start = 0
    repeat {
      let end = min(start + blockSize, bytes.count)
      let isFinal = end == bytes.count
      let length = UInt16(end - start)
      // BFINAL in bit 0, BTYPE = 00 (stored) in bits 1-2; the rest of the byte is padding
      // up to the byte boundary where LEN begins.
      output.append(isFinal ? 0x01 : 0x00)
      appendLittleEndian(UInt32(length), bytes: 2, to: &output)
      appendLittleEndian(UInt32(~length), bytes: 2, to: &output)
      output += bytes[start..<end]
      start = end
    } while start < bytes.count
    appendLittleEndian(CRC32.checksum(bytes), bytes: 4, to: &output)
    appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), bytes: 4, to: &output)
    return output
  }

  private static func appendLittleEndian(
    _ value: UInt32, bytes count: Int, to output: inout [UInt8]
  ) {
    for index in 0..<count {
      output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))))
    }
  }
}
