/// Why a text is not JSON, and where: 1-based line and column (columns count characters).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The 1-based line of the problem.
  public let line: Int
  /// The 1-based column of the problem, in Unicode scalars from the start of the line.
  public let column: Int
  /// What was expected or found, e.g. `expected ':' after object key`.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// For example `line 3, column 17: expected ':' after object key`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
