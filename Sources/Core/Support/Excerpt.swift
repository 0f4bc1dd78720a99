/// A value from outside (a template's key, name or target, a context value, a path, what a
/// server sent) as an error message or an explanation repeats it: on one line, and cut to a
/// readable length whatever it holds.
///
/// The one rule for every message that quotes such a value:
/// - at most `length` characters and at most 4 × `length` Unicode scalars as shown (so a
///   character with a thousand combining marks cannot smuggle in a megabyte), then
///   `ellipsis`;
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
    let (text, isCut) = cut(value, length: length, scalars: 4 * length)
    return isCut ? text + ellipsis : text
  }

  /// `value` as a message shows it, without the ellipsis, and whether it was cut: for
  /// messages that say more about what was left out (`(12,000 characters)`).
  package static func cut(
    _ value: some StringProtocol, length: Int = defaultLength, scalars scalarLimit: Int? = nil
  ) -> (text: String, isCut: Bool) {
    // Counted on what is shown, so a spelled `U+000A` costs its six characters.
    let scalarLimit = max(0, scalarLimit ?? 4 * length)
    var result = ""
    var characters = 0
    var scalars = 0
    var lastWasSpelled = false
    var index = value.startIndex
    while index < value.endIndex {
      guard characters < length else { return (result, true) }
      let next = value.index(after: index)
      let character = value[index..<next].unicodeScalars
      if character.allSatisfy(isPrintable) {
        // A character that does not fit is left out whole, unless it alone is over the
        // limit (a letter with a thousand marks): then its first scalars are shown.
        let count = character.count
        guard scalars + count <= scalarLimit || count > scalarLimit else {
          return (result, true)
        }
        for scalar in character {
          guard scalars < scalarLimit else { return (result, true) }
          result.unicodeScalars.append(scalar)
          scalars += 1
        }
        characters += 1
        lastWasSpelled = false
      } else {
        let spelled =
          (lastWasSpelled ? " " : "") + character.map(codePoint).joined(separator: " ")
        guard characters + spelled.count <= length, scalars + spelled.count <= scalarLimit
        else { return (result, true) }
        result += spelled
        characters += spelled.count
        scalars += spelled.count
        lastWasSpelled = true
      }
      index = next
    }
    return (result, false)
  }

  /// A whole message that may hold outside values no one cut, on one line: control
  /// characters spelled as `of` spells them, and when it is longer than `length` characters
  /// or `scalars` Unicode scalars (4 × `length` unless given), its first two thirds and its
  /// last third joined by ` ... ` (so at most `length` + 5 characters, `scalars` + 5
  /// scalars), so that both what it is about and what it says about it survive.
  ///
  /// The backstop where messages leave (template problems, the tool's error lines): values
  /// should still be cut where they are interpolated, with `of` or `quoted`.
  package static func line(
    _ text: some StringProtocol, length: Int = 1_000, scalars: Int? = nil
  ) -> String {
    let scalarLimit = max(0, scalars ?? 4 * length)
    let (whole, isCut) = cut(text, length: length, scalars: scalarLimit)
    guard isCut else { return whole }
    let tailLength = length / 3
    let tailScalars = scalarLimit / 3
    var start = text.endIndex
    var characters = 0
    var count = 0
    while start > text.startIndex, characters < tailLength {
      let previous = text.index(before: start)
      count += text[previous..<start].unicodeScalars.count
      guard count <= tailScalars else { break }
      start = previous
      characters += 1
    }
    return cut(text, length: length - tailLength, scalars: scalarLimit - tailScalars).text
      + " ... " + cut(text[start...], length: tailLength, scalars: tailScalars).text
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
