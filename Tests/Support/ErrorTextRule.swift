/// What "a clear error" means for input from outside, as checks a fuzzer can make: the text
/// is one readable line of bounded length (and each suite checks that it names a place).
public enum ErrorTextRule {
  /// The longest message accepted, in Unicode scalars: room for a location naming a
  /// 256-character key inside a group and a condition, plus the sentence, but not for a
  /// value or an input pasted whole.
  public static let maximumScalars = 1_000

  /// Why `text` is not one readable line of at most `maximumScalars` scalars (by default
  /// the rule's own bound); nil when it is.
  public static func lineProblem(
    _ text: String, maximumScalars: Int = maximumScalars
  ) -> String? {
    if text.isEmpty { return "the message is empty" }
    var count = 0
    for scalar in text.unicodeScalars {
      count += 1
      if isUnreadable(scalar) {
        return "the message holds \(codePoint(scalar)), which breaks or reorders the line"
      }
    }
    if count > maximumScalars {
      return "the message is \(count) Unicode scalars long (at most \(maximumScalars))"
    }
    return nil
  }

  /// Control characters (line breaks, NUL, escape, C1) and bidirectional controls: the same
  /// set `ConditionSyntaxError` spells as `U+XXXX` when it quotes input.
  public static func isUnreadable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E,
      0x2066...0x2069:
      true
    default:
      false
    }
  }

  /// `U+000A` for a line feed.
  public static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Whether `text` holds `fragment` as bytes. `String.contains` compares characters, so a
  /// quote followed by a combining mark (`'\u{301}x`, one character) would hide a `'`.
  public static func contains(_ text: String, _ fragment: String) -> Bool {
    let bytes = Array(text.utf8)
    let pattern = Array(fragment.utf8)
    guard pattern.count <= bytes.count else { return false }
    return (0...(bytes.count - pattern.count)).contains { start in
      bytes[start..<(start + pattern.count)].elementsEqual(pattern)
    }
  }

  /// Whether `text` starts with `prefix` as bytes (see `contains`).
  public static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    text.utf8.starts(with: prefix.utf8)
  }

  /// Whether `text` holds `line N, column M` (a JSON position).
  public static func hasLineAndColumn(_ text: String) -> Bool {
    text.contains(/line \d+, column \d+/)
  }
}
