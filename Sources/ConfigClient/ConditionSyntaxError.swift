/// Why a client template's condition expression does not parse: the condition, the column
/// and what was expected there.
///
/// The column counts Unicode scalars of the expression from 1, as `JSONParseError` columns
/// do; an error at the end of the expression has column `expression.unicodeScalars.count + 1`.
public struct ConditionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name of the condition whose expression failed to parse.
  public let conditionName: String
  /// The 1-based column, in Unicode scalars of the expression, of the offending token.
  public let column: Int
  /// What was expected or wrong there, e.g. `expected ']'`.
  public let message: String

  /// Creates an error at a column of a condition's expression.
  public init(conditionName: String, column: Int, message: String) {
    self.conditionName = conditionName
    self.column = column
    self.message = message
  }

  /// For example `condition 'ios_jp', column 17: expected ']'`.
  public var description: String {
    "condition '\(conditionName)', column \(column): \(message)"
  }
}

extension ConditionSyntaxError {
  /// The longest piece of the input a message repeats; a fuzzed megabyte stays out of it.
  static let maximumQuotedLength = 40

  /// `text` in single quotes for a message, shortened and made printable (see `shortened`).
  static func quoted(_ text: some StringProtocol) -> String {
    "'" + shortened(text) + "'"
  }

  /// `text` cut to its first 40 characters plus `...` when longer, with invisible or
  /// reordering characters spelled `U+XXXX`, so an error message stays one honest line.
  static func shortened(_ text: some StringProtocol) -> String {
    var result = ""
    var count = 0
    for character in text {
      guard count < maximumQuotedLength else {
        result += "..."
        break
      }
      result += printable(character)
      count += 1
    }
    return result
  }

  /// One character as a message shows it: itself, or its scalars as `U+XXXX` when it holds a
  /// control character (NUL, line feed, DEL, C1) or a bidirectional control, which would
  /// break the message or make it read differently from what it says.
  static func printable(_ character: Character) -> String {
    let isPlain = character.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        false
      default:
        true
      }
    }
    if isPlain { return String(character) }
    return character.unicodeScalars.map(codePoint).joined(separator: " ")
  }

  /// `U+000A` for a line feed.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
