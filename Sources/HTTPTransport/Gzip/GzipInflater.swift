/// Inflates gzip data (RFC 1952) with our own deflate decoder: Foundation on Linux offers no
/// zlib we may use, and the socket transport (plain http) receives gzip bodies as sent.
///
/// Every member is read (concatenated members inflate to their concatenation), each with
/// its header checked (the method, the reserved flags, the optional header CRC-16), its
/// deflate stream decoded and its trailer checked: the CRC-32 of the data and its length
/// modulo 2^32. Anything after the last member that is not another member is an error, as
/// is anything damaged or cut short: `GzipError` names it and the byte where it was seen.
/// The output never passes `limit`.
enum GzipInflater {
  /// The first two bytes of every gzip member.
  static let magic: [UInt8] = [0x1F, 0x8B]

  /// Whether `bytes` start with the gzip magic, i.e. are still encoded.
  static func startsWithMagic(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: magic)
  }

  /// The inflated data of every member of `data`.
  /// - Parameter limit: the most bytes inflated; passing it is `GzipError.outputTooLarge`,
  ///   thrown as soon as the block or match that would pass it is read.
  /// - Throws: `GzipError`.
  static func inflate(_ data: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(min(max(0, limit), data.count.multipliedReportingOverflow(by: 4).0))
    var offset = 0
    repeat {
      let memberStart = output.count
      var reader = BitReader(data, at: try readHeader(data, at: offset))
      try DeflateDecoder.inflate(
        &reader, into: &output, windowStart: memberStart, limit: max(0, limit))
      reader.alignToByte()
      offset = try checkTrailer(data, at: reader.alignedOffset, member: output[memberStart...])
    } while offset < data.count
    return output
  }

  /// Reads a member header at `start` and returns where its deflate stream starts.
  private static func readHeader(_ data: [UInt8], at start: Int) throws(GzipError) -> Int {
    let available = data.count - start
    for (index, byte) in magic.enumerated() where index < available && data[start + index] != byte {
      throw .notGzip(offset: start)
    }
    guard available >= 10 else { throw .truncated(.header, offset: data.count) }
    guard data[start + 2] == 8 else {
      throw .unsupportedMethod(Int(data[start + 2]), offset: start + 2)
    }
    let flags = data[start + 3]
    guard flags & 0xE0 == 0 else { throw .reservedFlags(offset: start + 3) }
    // FTEXT (bit 0) is a hint about the data, MTIME, XFL and OS are informative: all unused.
    var position = start + 10
    if flags & 0x04 != 0 {  // FEXTRA: a length, then that many bytes.
      let length = Int(try littleEndian(data, at: position, count: 2))
      position += 2
      guard data.count - position >= length else { throw .truncated(.header, offset: data.count) }
      position += length
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-ended.
      guard let end = data[position...].firstIndex(of: 0) else {
        throw .truncated(.header, offset: data.count)
      }
      position = end + 1
    }
    if flags & 0x02 != 0 {  // FHCRC: the low 16 bits of the CRC-32 of the header so far.
      let expected = try littleEndian(data, at: position, count: 2)
      guard expected == CRC32.checksum(data[start..<position]) & 0xFFFF else {
        throw .headerChecksumMismatch(offset: position)
      }
      position += 2
    }
    return position
  }

  /// Checks the trailer at `position` against the member's data; returns where the next
  /// member would start.
  private static func checkTrailer(
    _ data: [UInt8], at position: Int, member: ArraySlice<UInt8>
  ) throws(GzipError) -> Int {
    guard data.count - position >= 8 else { throw .truncated(.trailer, offset: data.count) }
    let expectedChecksum = try littleEndian(data, at: position, count: 4)
    let actualChecksum = CRC32.checksum(member)
    guard expectedChecksum == actualChecksum else {
      throw .checksumMismatch(
        expected: expectedChecksum, actual: actualChecksum, offset: position)
    }
    let expectedSize = try littleEndian(data, at: position + 4, count: 4)
    let actualSize = UInt32(truncatingIfNeeded: member.count)
    guard expectedSize == actualSize else {
      throw .sizeMismatch(expected: expectedSize, actual: actualSize, offset: position + 4)
    }
    return position + 8
  }

  /// `count` bytes at `position` as a little-endian number.
  private static func littleEndian(
    _ data: [UInt8], at position: Int, count: Int
  ) throws(GzipError) -> UInt32 {
    guard data.count - position >= count else { throw .truncated(.header, offset: data.count) }
    var value: UInt32 = 0
    for index in (0..<count).reversed() {
      value = value << 8 | UInt32(data[position + index])
    }
    return value
  }
}
