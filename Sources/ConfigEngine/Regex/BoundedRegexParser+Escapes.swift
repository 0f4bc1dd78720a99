/// Backslash escapes, in and outside classes: class shorthands, control characters,
/// `\xHH`, `\uHHHH` (and surrogate pairs), `\u{H...}`, and the constructs rejected.
extension BoundedRegexParser {
  /// What an escape stands for.
  enum Escape {
    case scalar(UInt32)
    case set(BoundedRegexScalarSet)
    case assertion(BoundedRegexAssertion)
  }

  /// Reads the escape at `index` (a backslash); in a class `\b` is a backspace and `\B` an error.
  mutating func parseEscape(inClass: Bool) throws(RegexSyntaxError) -> Escape {
    let start = index
    index += 1
    guard index < characters.count else {
      throw error("the pattern ends with a lone '\\'", at: start)
    }
    guard let byte = ascii(at: index) else {
      throw error("unknown escape '\\\(characters[index])'", at: start)
    }
    index += 1
    switch byte {
    case UInt8(ascii: "d"): return .set(.digits)
    case UInt8(ascii: "D"): return .set(BoundedRegexScalarSet.digits.inverted())
    case UInt8(ascii: "w"): return .set(.wordCharacters)
    case UInt8(ascii: "W"): return .set(BoundedRegexScalarSet.wordCharacters.inverted())
    case UInt8(ascii: "s"): return .set(.whitespace)
    case UInt8(ascii: "S"): return .set(BoundedRegexScalarSet.whitespace.inverted())
    case UInt8(ascii: "b"): return inClass ? .scalar(0x08) : .assertion(.wordBoundary)
    case UInt8(ascii: "B"):
      guard !inClass else { throw error("\\B cannot appear in a class", at: start) }
      return .assertion(.notWordBoundary)
    case UInt8(ascii: "t"): return .scalar(0x09)
    case UInt8(ascii: "n"): return .scalar(0x0A)
    case UInt8(ascii: "v"): return .scalar(0x0B)
    case UInt8(ascii: "f"): return .scalar(0x0C)
    case UInt8(ascii: "r"): return .scalar(0x0D)
    case UInt8(ascii: "0"):
      if let next = ascii(at: index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
        throw error("octal escapes are not supported", at: start)
      }
      return .scalar(0)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      throw error("backreferences are not supported", at: start)
    case UInt8(ascii: "k"):
      throw error("backreferences are not supported", at: start)
    case UInt8(ascii: "x"):
      guard let value = readHex(digits: 2) else {
        throw error("\\x must be followed by two hex digits", at: start)
      }
      return .scalar(value)
    case UInt8(ascii: "u"):
      return .scalar(try parseUnicodeEscape(start: start))
    case UInt8(ascii: "p"), UInt8(ascii: "P"):
      throw error("Unicode property escapes are not supported", at: start)
    case UInt8(ascii: "c"):
      throw error("control escapes are not supported", at: start)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'", at: start)
    case 0x20...0x7E:
      // Escaped punctuation is itself, in every regex dialect.
      return .scalar(UInt32(byte))
    default:
      throw error("unknown escape", at: start)
    }
  }

  /// Reads the rest of `\uHHHH`, `\uHHHH\uHHHH` (a surrogate pair) or `\u{H...}`.
  private mutating func parseUnicodeEscape(start: Int) throws(RegexSyntaxError) -> UInt32 {
    if ascii(at: index) == UInt8(ascii: "{") {
      index += 1
      var value: UInt32 = 0
      var digits = 0
      while let digit = hexDigit(at: index) {
        // Past U+10FFFF the value only needs to stay too large, and must not overflow.
        value = value > BoundedRegexScalarSet.largestScalar ? value : value << 4 | digit
        digits += 1
        index += 1
      }
      guard digits > 0, ascii(at: index) == UInt8(ascii: "}") else {
        throw error("\\u{ must be followed by hex digits and '}'", at: start)
      }
      index += 1
      guard value <= BoundedRegexScalarSet.largestScalar else {
        throw error("\\u{...} is beyond U+10FFFF", at: start)
      }
      guard !(0xD800...0xDFFF).contains(value) else {
        throw error("\\u{...} names a surrogate, not a Unicode scalar", at: start)
      }
      return value
    }
    guard let value = readHex(digits: 4) else {
      throw error("\\u must be followed by four hex digits or {hex}", at: start)
    }
    if (0xD800...0xDBFF).contains(value),
      ascii(at: index) == UInt8(ascii: "\\"), ascii(at: index + 1) == UInt8(ascii: "u")
    {
      let resume = index
      index += 2
      if let low = readHex(digits: 4), (0xDC00...0xDFFF).contains(low) {
        return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      index = resume
    }
    guard !(0xD800...0xDFFF).contains(value) else {
      throw error("a lone surrogate is not a Unicode scalar", at: start)
    }
    return value
  }

  /// Reads exactly `digits` hex digits; nil, with `index` unchanged, if they are not there.
  private mutating func readHex(digits: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<digits {
      guard let digit = hexDigit(at: index + offset) else { return nil }
      value = value << 4 | digit
    }
    index += digits
    return value
  }

  private func hexDigit(at position: Int) -> UInt32? {
    guard let byte = ascii(at: position) else { return nil }
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}
