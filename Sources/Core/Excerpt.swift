/// A value from outside (a template's key, name or target, a context value, a path, what a
/// server sent) as an error message or an explanation repeats it: on one line, and cut to a
/// readable length whatever it holds.
///
/// The one rule for every message that quotes such a value:
/// - at most `length` characters and at most 4 × `length` Unicode scalars (so a character
///   with a thousand combining marks cannot smuggle in a megabyte), then `ellipsis`;
/// - control characters (C0 such as line feed, tab and escape; DEL; C1), the line and
///   paragraph separators and the bidirectional controls are spelled `U+XXXX`, so a value
///   cannot break the message's line, move the cursor, or make it read backwards.
///
/// The work is bounded by the excerpt, not by the value: a megabyte value costs as much as
/// its first `length` characters (plus the one character being cut).
package enum Excerpt {
  /// Characters of a value a message shows unless it asks for another length.
  package static let defaultLength = 60

  /// `value` as a message shows it (see the type's rule).
  package static func of(
    _ value: some StringProtocol, length: Int = defaultLength, ellipsis: String = "..."
  ) -> String {
    let (text, isCut) = cut(value, length: length)
    return isCut ? text + ellipsis : text
  }

  /// `value` as a message shows it, without the ellipsis, and whether it was cut: for
  /// messages that say more about what was left out (`(12,000 characters)`).
  package static func cut(
    _ value: some StringProtocol, length: Int = defaultLength
  ) -> (text: String, isCut: Bool) {
    let scalarLimit = 4 * max(0, length)
    var result = ""
    var characters = 0
    var scalars = 0
    var lastWasSpelled = false
    var index = value.startIndex
    while index < value.endIndex {
      guard characters < length else { return (result, true) }
      let next = value.index(after: index)
      for scalar in value[index..<next].unicodeScalars {
        guard scalars < scalarLimit else { return (result, true) }
        scalars += 1
        if isPrintable(scalar) {
          result.unicodeScalars.append(scalar)
          lastWasSpelled = false
        } else {
          if lastWasSpelled { result += " " }
          result += codePoint(scalar)
          lastWasSpelled = true
        }
      }
      characters += 1
      index = next
    }
    return (result, false)
  }

  /// `value` in single quotes, as `of` shows it: `'grade'`.
  package static func quoted(_ value: some StringProtocol, length: Int = defaultLength) -> String {
    "'" + of(value, length: length) + "'"
  }

  /// Whether a message may show `scalar` as itself: not a control character, a line or
  /// paragraph separator, or a bidirectional control.
  package static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E,
      0x2066...0x2069:
      false
    default:
      true
    }
  }

  /// `U+000A` for a line feed.
  package static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
