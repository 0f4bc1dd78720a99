/// The one rule every platform follows when it reads a config string as a Boolean or a
/// number, as `ConfigValue` documents it for users; `package` so that ConfigClient's
/// evaluator applies the same rule to strings that are not `ConfigValue`s.
package enum ConfigValueParser {
  // Every rule takes a concrete `String` or `Substring`, not `some StringProtocol`: generic
  // code called from another module runs unspecialised, which made template evaluation
  // several times slower.

  /// The text without leading and trailing whitespace, without copying.
  @inlinable
  package static func trimmed(_ text: String) -> Substring {
    // Inlined into callers: most values have nothing to trim, and checking the two end
    // bytes here spares evaluation a cross-module call per comparison.
    let utf8 = text.utf8
    if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
      !isASCIIWhitespace(first), !isASCIIWhitespace(last)
    {
      return text[...]
    }
    return trimmed(text[...])
  }

  /// The substring without leading and trailing whitespace, without copying.
  package static func trimmed(_ text: Substring) -> Substring {
    // Most values need no trimming: an ASCII non-space byte at each end settles it without
    // walking Unicode scalars.
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return text }
    if first < 0x80, last < 0x80, !isASCIIWhitespace(first), !isASCIIWhitespace(last) {
      return text
    }
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, isWhitespace(scalars[start]) {
      start = scalars.index(after: start)
    }
    while end > start, isWhitespace(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    return text[start..<end]
  }

  @usableFromInline
  static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// Unicode White_Space, with an ASCII fast path (tab, line feed, vertical tab, form feed,
  /// carriage return, space) that skips the property-table lookup.
  @inline(__always)
  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return isASCIIWhitespace(UInt8(scalar.value)) }
    return scalar.properties.isWhitespace
  }

  /// The Boolean a string spells, or nil when it spells none.
  package static func bool(_ text: String) -> Bool? {
    bool(text[...])
  }

  /// The Boolean a substring spells, or nil when it spells none.
  package static func bool(_ text: Substring) -> Bool? {
    let word = trimmed(text).utf8
    if word.isEmpty { return false }
    guard word.count <= 5 else { return nil }
    var folded: UInt64 = 0
    for byte in word {
      guard byte > 0x20, byte < 0x80 else { return nil }
      let lower = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
      folded = folded << 8 | UInt64(lower)
    }
    switch folded {
    case packed("1"), packed("true"), packed("t"), packed("yes"), packed("y"), packed("on"):
      return true
    case packed("0"), packed("false"), packed("f"), packed("no"), packed("n"), packed("off"):
      return false
    default:
      return nil
    }
  }

  /// Packs up to 8 ASCII bytes into an integer so the Boolean words compare without
  /// allocating a lowercased copy.
  private static func packed(_ word: StaticString) -> UInt64 {
    var value: UInt64 = 0
    for offset in 0..<word.utf8CodeUnitCount {
      value = value << 8 | UInt64(word.utf8Start[offset])
    }
    return value
  }

  /// The number a string spells as a decimal literal, or nil.
  package static func number(_ text: String) -> Double? {
    number(text[...])
  }

  /// The number a substring spells as a decimal literal, or nil.
  package static func number(_ text: Substring) -> Double? {
    let literal = trimmed(text)
    guard isDecimalLiteral(literal.utf8), let value = Double(literal), value.isFinite
    else { return nil }
    return value
  }

  /// The integer a string spells (a decimal literal with an integral value in `Int`'s range),
  /// or nil. `3`, `3.0` and `3e0` are 3; `3.5` is not an integer.
  package static func integer(_ text: String) -> Int? {
    integer(text[...])
  }

  /// The integer a substring spells, or nil; see `integer(_:)`.
  package static func integer(_ text: Substring) -> Int? {
    guard let value = number(text), abs(value) < 9.0e15 else { return nil }
    return Int(exactly: value)
  }

  /// Checks `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
  private static func isDecimalLiteral(_ bytes: Substring.UTF8View) -> Bool {
    var iterator = bytes.makeIterator()
    var byte = iterator.next()
    if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
    var mantissaDigits = 0
    while let digit = byte, isDigit(digit) {
      mantissaDigits += 1
      byte = iterator.next()
    }
    if byte == UInt8(ascii: ".") {
      byte = iterator.next()
      while let digit = byte, isDigit(digit) {
        mantissaDigits += 1
        byte = iterator.next()
      }
    }
    guard mantissaDigits > 0 else { return false }
    if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      byte = iterator.next()
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
      var exponentDigits = 0
      while let digit = byte, isDigit(digit) {
        exponentDigits += 1
        byte = iterator.next()
      }
      guard exponentDigits > 0 else { return false }
    }
    return byte == nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
