/// Base64 (RFC 4648) for PEM bodies and JWT segments.
///
/// Written here rather than taken from Foundation so that decoding is strict in the same way
/// on every platform and reports which character is wrong instead of only failing.
package enum Base64 {
  private static let urlAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The value of a standard-alphabet character, or nil.
  static func value(of character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character &- UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): character &- UInt8(ascii: "a") &+ 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character &- UInt8(ascii: "0") &+ 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }

  /// Decodes padded standard base64 with no whitespace. Nil unless the length is a multiple of
  /// 4, every character is in the alphabet, `=` appears only as the last one or two, and the
  /// bits the padding leaves over are zero (the canonical encoding).
  package static func decode(_ characters: [UInt8]) -> [UInt8]? {
    guard characters.count % 4 == 0 else { return nil }
    var padding = 0
    if characters.last == UInt8(ascii: "=") { padding += 1 }
    if padding == 1, characters[characters.count - 2] == UInt8(ascii: "=") {
      padding += 1
    }
    var output: [UInt8] = []
    output.reserveCapacity(characters.count / 4 * 3)
    var accumulator: UInt32 = 0
    for (index, character) in characters.enumerated() {
      let sextet: UInt8
      if index >= characters.count - padding {
        sextet = 0
      } else {
        guard let value = value(of: character) else { return nil }
        sextet = value
      }
      accumulator = accumulator << 6 | UInt32(sextet)
      if index % 4 == 3 {
        output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
        output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
        output.append(UInt8(truncatingIfNeeded: accumulator))
        accumulator = 0
      }
    }
    guard padding > 0 else { return output }
    // The bytes the padding stands for must be zero, or another text encodes the same bytes.
    let dropped = output.suffix(padding)
    guard dropped.allSatisfy({ $0 == 0 }) else { return nil }
    output.removeLast(padding)
    return output
  }

  /// Unpadded base64url (RFC 4648 §5), as JWTs (RFC 7515) write their segments.
  package static func urlEncoded(_ bytes: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      let count = third != nil ? 4 : second != nil ? 3 : 2
      for position in 0..<count {
        output.append(urlAlphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
