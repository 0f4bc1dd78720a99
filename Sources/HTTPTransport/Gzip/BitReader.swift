/// Reads a deflate stream's bits (RFC 1951: least significant bit of each byte first) from a
/// byte array, through a 64-bit buffer so a Huffman code or a length's extra bits come out
/// in one mask and shift.
///
/// Invariant: the buffer holds `bitCount` unread bits and zeros above them, so a peek past
/// the end of the input sees zeros, and the decoder checks a code's length against
/// `bitCount` before it trusts it.
struct BitReader {
  private let bytes: [UInt8]
  /// The next byte to load into the buffer.
  private var position: Int
  /// The unread bits, the next one lowest.
  private(set) var buffer: UInt64 = 0
  /// How many bits of `buffer` are unread.
  private(set) var bitCount = 0

  /// A reader of `bytes` from byte `offset` on.
  init(_ bytes: [UInt8], at offset: Int) {
    self.bytes = bytes
    position = offset
  }

  /// The offset of the byte that holds the next unread bit, for error messages.
  var offset: Int { position - (bitCount + 7) / 8 }

  /// The length of the whole input: where a truncated stream ends.
  var endOffset: Int { bytes.count }

  /// Loads whole bytes into the buffer while they fit (at least 57 bits unless the input
  /// ends first).
  @inline(__always)
  mutating func refill() {
    while bitCount <= 56, position < bytes.count {
      buffer |= UInt64(bytes[position]) << UInt64(bitCount)
      position += 1
      bitCount += 8
    }
  }

  /// Drops `count` bits the caller has looked at in `buffer`; `count <= bitCount`.
  @inline(__always)
  mutating func consume(_ count: Int) {
    buffer >>= UInt64(count)
    bitCount -= count
  }

  /// The next `count` bits (at most 32) as a number, the first bit lowest.
  /// - Throws: `GzipError.truncated` when the input ends first.
  @inline(__always)
  mutating func bits(_ count: Int) throws(GzipError) -> Int {
    if bitCount < count {
      refill()
      guard bitCount >= count else { throw .truncated(.deflate, offset: bytes.count) }
    }
    let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
    consume(count)
    return value
  }

  /// Skips to the next byte boundary and hands the whole bytes still in the buffer back to
  /// the input, so what follows (a stored block, the gzip trailer) is read as bytes.
  mutating func alignToByte() {
    position -= bitCount / 8
    buffer = 0
    bitCount = 0
  }

  /// The next `count` bytes, after `alignToByte`.
  /// - Throws: `GzipError.truncated` when fewer remain.
  mutating func alignedBytes(_ count: Int) throws(GzipError) -> ArraySlice<UInt8> {
    guard bytes.count - position >= count else {
      throw .truncated(.deflate, offset: bytes.count)
    }
    defer { position += count }
    return bytes[position..<position + count]
  }

  /// The offset of the next byte, after `alignToByte`.
  var alignedOffset: Int { position }
}
