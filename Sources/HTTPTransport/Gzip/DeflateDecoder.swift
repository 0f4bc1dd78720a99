/// Inflates one raw deflate stream (RFC 1951): stored, fixed-Huffman and dynamic-Huffman
/// blocks, until the block marked final.
///
/// Bounded: the output never passes `limit` (the decoder stops before the block or the
/// match that would pass it, so a gzip bomb costs at most the limit), and every symbol
/// consumes at least one input bit, so damaged or hostile input ends in an error after at
/// most the input's bits plus the limit's bytes of work.
enum DeflateDecoder {
  /// Inflates the stream `reader` is at, appending to `output`; `reader` is left after the
  /// final block's last bit.
  /// - Parameters:
  ///   - windowStart: where this stream's output starts in `output`; back references may
  ///     not reach before it (bytes there belong to an earlier gzip member).
  ///   - limit: the most bytes `output` may hold.
  /// - Throws: `GzipError` naming the problem and the byte where it was seen.
  static func inflate(
    _ reader: inout BitReader, into output: inout [UInt8], windowStart: Int, limit: Int
  ) throws(GzipError) {
    var isFinal = false
    while !isFinal {
      let blockOffset = reader.offset
      isFinal = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0:
        try copyStored(&reader, into: &output, limit: limit)
      case 1:
        try decodeCodes(
          &reader, literalLength: fixedLiteralLength, distance: fixedDistance, into: &output,
          windowStart: windowStart, limit: limit)
      case 2:
        let (literalLength, distance) = try readDynamicTables(&reader)
        try decodeCodes(
          &reader, literalLength: literalLength, distance: distance, into: &output,
          windowStart: windowStart, limit: limit)
      default:
        throw .invalidBlockType(offset: blockOffset)
      }
    }
  }

  /// A stored block: LEN, its complement NLEN, then LEN bytes as they are.
  private static func copyStored(
    _ reader: inout BitReader, into output: inout [UInt8], limit: Int
  ) throws(GzipError) {
    reader.alignToByte()
    let headerOffset = reader.alignedOffset
    let header = Array(try reader.alignedBytes(4))
    let length = Int(header[0]) | Int(header[1]) << 8
    let complement = Int(header[2]) | Int(header[3]) << 8
    guard length ^ complement == 0xFFFF else { throw .storedLengthMismatch(offset: headerOffset) }
    let bytes = try reader.alignedBytes(length)
    guard length <= limit - output.count else { throw .outputTooLarge(limit: limit) }
    output.append(contentsOf: bytes)
  }

  /// Literals and back references until the end-of-block symbol.
  private static func decodeCodes(
    _ reader: inout BitReader, literalLength: HuffmanTable, distance: HuffmanTable,
    into output: inout [UInt8], windowStart: Int, limit: Int
  ) throws(GzipError) {
    // Locals, so the loop does not check the statics' one-time initialisation each time.
    let (lengthBase, lengthExtraBits) = (Self.lengthBase, Self.lengthExtraBits)
    let (distanceBase, distanceExtraBits) = (Self.distanceBase, Self.distanceExtraBits)
    let zeroes = Self.zeroes
    while true {
      let symbol = try literalLength.decode(&reader, code: .literalLength)
      if symbol < 256 {
        guard output.count < limit else { throw .outputTooLarge(limit: limit) }
        output.append(UInt8(truncatingIfNeeded: symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < lengthBase.count else {
        throw .invalidSymbol(.literalLength, offset: reader.offset)
      }
      let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtraBits[lengthIndex]))
      let distanceSymbol = try distance.decode(&reader, code: .distance)
      guard distanceSymbol < distanceBase.count else {
        throw .invalidSymbol(.distance, offset: reader.offset)
      }
      let distance =
        distanceBase[distanceSymbol] + (try reader.bits(distanceExtraBits[distanceSymbol]))
      let available = output.count - windowStart
      guard distance <= available else {
        throw .distanceTooFarBack(distance: distance, available: available, offset: reader.offset)
      }
      guard length <= limit - output.count else { throw .outputTooLarge(limit: limit) }
      let start = output.count
      output.append(contentsOf: zeroes[..<length])
      output.withUnsafeMutableBufferPointer {
        copyMatch(in: $0, to: start, length: length, distance: distance)
      }
    }
  }

  /// Copies the `length` bytes `distance` back to `start`. A reference may overlap what it
  /// produces (distance < length: the last `distance` bytes repeat), so it is copied in
  /// pieces that never overlap: what is written so far repeats with period `distance`, so
  /// each piece is read from a whole number of periods back, as many as are written.
  /// The caller has checked `1 <= distance <= start` and made `buffer` end at
  /// `start + length`, so every read and write stays inside it.
  @inline(__always)
  private static func copyMatch(
    in buffer: UnsafeMutableBufferPointer<UInt8>, to start: Int, length: Int, distance: Int
  ) {
    guard let base = buffer.baseAddress else { return }
    var written = 0
    while written < length {
      let back = (written + distance) / distance * distance
      let piece = min(length - written, back)
      let target = base + start + written
      target.update(from: target - back, count: piece)
      written += piece
    }
  }

  /// A dynamic block's code-length code, then the literal/length and distance codes'
  /// lengths through it (RFC 1951, section 3.2.7).
  private static func readDynamicTables(
    _ reader: inout BitReader
  ) throws(GzipError) -> (literalLength: HuffmanTable, distance: HuffmanTable) {
    let headerOffset = reader.offset
    let literalLengthCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeLengthCount = try reader.bits(4) + 4
    guard literalLengthCount <= 286, distanceCount <= 30 else {
      throw .tooManyCodes(offset: headerOffset)
    }
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<codeLengthCount {
      codeLengthLengths[codeLengthOrder[index]] = UInt8(try reader.bits(3))
    }
    let codeLengths = try HuffmanTable.checked(
      codeLengthLengths, code: .codeLength, offset: reader.offset)

    var lengths = [UInt8](repeating: 0, count: literalLengthCount + distanceCount)
    var index = 0
    while index < lengths.count {
      let symbolOffset = reader.offset
      let symbol = try codeLengths.decode(&reader, code: .codeLength)
      let value: UInt8
      let count: Int
      switch symbol {
      case 0...15:
        value = UInt8(symbol)
        count = 1
      case 16:
        guard index > 0 else { throw .invalidLengthRepeat(offset: symbolOffset) }
        value = lengths[index - 1]
        count = 3 + (try reader.bits(2))
      case 17:
        value = 0
        count = 3 + (try reader.bits(3))
      default:
        value = 0
        count = 11 + (try reader.bits(7))
      }
      guard count <= lengths.count - index else {
        throw .invalidLengthRepeat(offset: symbolOffset)
      }
      for _ in 0..<count {
        lengths[index] = value
        index += 1
      }
    }
    guard lengths[256] != 0 else { throw .missingEndOfBlock(offset: headerOffset) }
    let literalLength = try HuffmanTable.checked(
      Array(lengths[..<literalLengthCount]), code: .literalLength, offset: headerOffset)
    let distance = try HuffmanTable.checked(
      Array(lengths[literalLengthCount...]), code: .distance, offset: headerOffset)
    return (literalLength, distance)
  }
}
