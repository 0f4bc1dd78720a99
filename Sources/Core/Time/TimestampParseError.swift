/// Why a text is not a timestamp: the input and what was wrong at which character.
public struct TimestampParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text that failed to parse.
  public let input: String
  /// The 1-based position of the problem, in characters.
  public let column: Int
  /// What was wrong.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(input: String, column: Int, message: String) {
    self.input = input
    self.column = column
    self.message = message
  }

  /// For example `invalid timestamp "2025-13-01T00:00:00Z" at column 6: month must be 1...12`.
  public var description: String {
    "invalid timestamp \"\(Excerpt.of(input))\" at column \(column): \(message)"
  }
}
