/// RFC 1951's constant tables (section 3.2.5 and 3.2.6).
extension DeflateDecoder {
  /// The shortest match length of literal/length symbols 257...285.
  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  /// The extra bits after literal/length symbols 257...285.
  static let lengthExtraBits = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// The shortest distance of distance symbols 0...29.
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  /// The extra bits after distance symbols 0...29.
  static let distanceExtraBits = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]
  /// Room for the longest match, appended before the match is copied over it.
  static let zeroes = [UInt8](repeating: 0, count: 258)
  /// The order in which a dynamic block gives the code-length code's lengths.
  static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// The fixed literal/length code: 0...143 in 8 bits, 144...255 in 9, 256...279 in 7,
  /// 280...287 in 8 (286 and 287 are codes but not symbols: decoding one is an error).
  static let fixedLiteralLength = HuffmanTable(
    lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
      + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8),
    fastBits: 10)
  /// The fixed distance code: 0...31 in 5 bits (30 and 31 are not symbols).
  static let fixedDistance = HuffmanTable(
    lengths: [UInt8](repeating: 5, count: 32), fastBits: 10)
}
