import Core

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
    "condition \(Excerpt.quoted(conditionName)), column \(column): \(message)"
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
  /// reordering characters spelled `U+XXXX`, so an error message stays one honest line
  /// (Core's `Excerpt` rule, shared by every message).
  static func shortened(_ text: some StringProtocol) -> String {
    Excerpt.of(text, length: maximumQuotedLength)
  }

  /// `U+000A` for a line feed.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    Excerpt.codePoint(scalar)
  }
}
