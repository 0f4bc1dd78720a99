import Core

/// The byte classes of HTTP/1.1's grammar the request parser and the response writer share
/// (RFC 9110 section 5, RFC 9112 sections 2 and 3), so what is refused on the way in is
/// refused on the way out.
enum HTTPSyntax {
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09
  static let carriageReturn: UInt8 = 0x0D
  static let lineFeed: UInt8 = 0x0A
  static let colon: UInt8 = 0x3A

  /// Whether `byte` may stand in a field value: visible ASCII, space, tab, or a byte of
  /// `obs-text` (0x80...0xFF, as UTF-8 text is sent). Never a control character: CR, LF and
  /// NUL are how lines and strings are smuggled.
  static func isFieldValueByte(_ byte: UInt8) -> Bool {
    (0x20...0x7E).contains(byte) || byte == tab || byte >= 0x80
  }

  /// Whether `byte` may stand in a request target: visible ASCII only (RFC 3986's characters
  /// and the few clients send unescaped), so a path is safe to log as it is.
  static func isTargetByte(_ byte: UInt8) -> Bool {
    (0x21...0x7E).contains(byte)
  }

  /// Whether `byte` is optional whitespace (`OWS`): a space or a tab.
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }

  /// Whether two field names are equal, without regard to ASCII case (RFC 9110, 5.1), and
  /// without allocating: `name` is usually a literal the reader compares against.
  static func namesEqual(_ first: String, _ second: String) -> Bool {
    var first = first
    var second = second
    return first.withUTF8 { left in
      second.withUTF8 { right in
        guard left.count == right.count else { return false }
        for index in 0..<left.count where lowercased(left[index]) != lowercased(right[index]) {
          return false
        }
        return true
      }
    }
  }

  /// `byte` with A-Z folded to a-z.
  static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  /// `bytes` without leading and trailing spaces and tabs.
  static func trimmingBlanks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, isBlank(first) { slice.removeFirst() }
    while let last = slice.last, isBlank(last) { slice.removeLast() }
    return slice
  }

  /// The elements of a comma-separated field value, each trimmed, empty ones dropped (RFC
  /// 9110, 5.6.1: a recipient ignores empty list elements), lower-cased: for the values
  /// compared as tokens (`Connection`, `Transfer-Encoding`).
  static func lowercasedList(_ value: String) -> [String] {
    value.split(separator: ",").compactMap { element in
      let trimmed = trimmingBlanks(ArraySlice(element.utf8))
      return trimmed.isEmpty ? nil : String(decoding: trimmed.map(lowercased), as: UTF8.self)
    }
  }
}
