/// A canonical Huffman code of a deflate block (RFC 1951, section 3.2.2), built from its code
/// lengths, decoding by table.
///
/// Codes up to `fastBits` long (almost all of them) are found with one lookup of the next
/// `fastBits` input bits: every bit pattern that starts with a code (read in stream order)
/// holds that code's symbol and length. Longer codes, and patterns that start no code, fall
/// to the canonical walk one bit at a time (as zlib's `puff` does), which also rejects them.
struct HuffmanTable: Sendable {
  /// The longest code deflate allows.
  static let maximumLength = 15

  /// Bits looked up at once.
  private let fastBits: Int
  /// By the next `fastBits` bits: `symbol << 4 | length`, or 0 when no code of at most
  /// `fastBits` bits starts there.
  private let fast: [UInt16]
  /// How many codes have each length (index 0 unused).
  private let counts: [Int]
  /// The symbols in canonical order: by length, then by value.
  private let symbols: [UInt16]
  /// Bit patterns left unused, in units of the longest length: negative when the code is
  /// over-subscribed, 0 when it is complete.
  private let unused: Int
  /// The longest length in use, 0 when there are no codes.
  private let longest: Int

  /// The code for `lengths` (one per symbol, 0 for an unused symbol), checked as zlib checks
  /// it: never over-subscribed, and complete unless it has no codes at all or (for the
  /// literal/length and distance codes) a single one-bit code.
  /// - Throws: `GzipError.oversubscribedCode` or `.incompleteCode`, at `offset`.
  static func checked(
    _ lengths: [UInt8], code: GzipError.Code, offset: Int
  ) throws(GzipError) -> HuffmanTable {
    let table = HuffmanTable(lengths: lengths, fastBits: code == .codeLength ? 7 : 10)
    if table.unused < 0 { throw .oversubscribedCode(code, offset: offset) }
    let loneOneBitCode = table.longest == 1 && code != .codeLength
    if table.unused > 0, table.longest > 0, !loneOneBitCode {
      throw .incompleteCode(code, offset: offset)
    }
    return table
  }

  /// Builds the tables for `lengths` (each at most 15) without judging the code; `checked`
  /// judges it.
  init(lengths: [UInt8], fastBits maximumFastBits: Int) {
    var counts = [Int](repeating: 0, count: Self.maximumLength + 1)
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    var unused = 1
    var longest = 0
    for length in 1...Self.maximumLength {
      unused = unused * 2 - counts[length]
      if counts[length] > 0 { longest = length }
      // Past this point the code cannot recover; stop before the number grows.
      if unused < 0 { break }
    }
    self.counts = counts
    self.unused = unused
    self.longest = longest
    let fastBits = max(1, min(maximumFastBits, longest))
    self.fastBits = fastBits

    // Where each length's symbols start in canonical order, and each length's first code.
    var nextIndex = [Int](repeating: 0, count: Self.maximumLength + 2)
    var nextCode = [Int](repeating: 0, count: Self.maximumLength + 1)
    var code = 0
    for length in 1...Self.maximumLength {
      nextIndex[length + 1] = nextIndex[length] + counts[length]
      code = (code + counts[length - 1]) << 1
      nextCode[length] = code
    }
    var symbols = [UInt16](repeating: 0, count: nextIndex[Self.maximumLength + 1])
    var fast = [UInt16](repeating: 0, count: 1 << fastBits)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let length = Int(length)
      symbols[nextIndex[length]] = UInt16(symbol)
      nextIndex[length] += 1
      let code = nextCode[length]
      nextCode[length] += 1
      guard length <= fastBits else { continue }
      // Stream order is the code's bits reversed; every filling of the bits after it.
      var reversed = 0
      for bit in 0..<length where code & (1 << (length - 1 - bit)) != 0 {
        reversed |= 1 << bit
      }
      let entry = UInt16(symbol << 4 | length)
      var index = reversed & ((1 << fastBits) - 1)
      while index < fast.count {
        fast[index] = entry
        index += 1 << length
      }
    }
    self.symbols = symbols
    self.fast = fast
  }

  /// The next symbol from `reader`.
  /// - Throws: `GzipError.invalidSymbol` for bits that start no code (of `code`), or
  ///   `.truncated` when the input ends inside the code.
  @inline(__always)
  func decode(_ reader: inout BitReader, code: GzipError.Code) throws(GzipError) -> Int {
    if reader.bitCount < Self.maximumLength { reader.refill() }
    let entry = fast[Int(truncatingIfNeeded: reader.buffer) & (fast.count - 1)]
    if entry != 0 {
      let length = Int(entry & 0xF)
      guard length <= reader.bitCount else { throw .truncated(.deflate, offset: reader.endOffset) }
      reader.consume(length)
      return Int(entry >> 4)
    }
    return try decodeSlowly(&reader, code: code)
  }

  /// The canonical walk: after each bit, whether the bits so far are a code of that length.
  private func decodeSlowly(_ reader: inout BitReader, code kind: GzipError.Code)
    throws(GzipError) -> Int
  {
    var bits = reader.buffer
    var code = 0
    var first = 0
    var index = 0
    for length in 1...Self.maximumLength {
      guard length <= reader.bitCount else { throw .truncated(.deflate, offset: reader.endOffset) }
      code |= Int(bits & 1)
      bits >>= 1
      let count = counts[length]
      if code - first < count {
        reader.consume(length)
        return Int(symbols[index + code - first])
      }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw .invalidSymbol(kind, offset: reader.offset)
  }
}
