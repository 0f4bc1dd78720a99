/// One token of a condition expression and the column (1-based, in Unicode scalars) where it
/// starts. Produced by `ExpressionLexer`, read by `ExpressionParser`.
struct ExpressionToken: Sendable, Equatable {
  /// What the token is.
  enum Kind: Sendable, Equatable {
    /// A name such as `device`, `customSignal`, `percent` or `between`: ASCII letters,
    /// digits and `_`, not starting with a digit. Dotted paths are several tokens.
    case identifier(String)
    /// A single-quoted string, with its `\'` and `\\` escapes resolved.
    case string(String)
    /// A decimal number exactly as written: `3`, `-2.5`, `33.333333`.
    case number(String)
    /// `==`
    case equal
    /// `!=`
    case notEqual
    /// `<`
    case less
    /// `<=`
    case lessOrEqual
    /// `>`
    case greater
    /// `>=`
    case greaterOrEqual
    /// `&&`
    case and
    /// `||`: lexed only so the parser can say that Firebase has no "or".
    case or
    /// `!` on its own: lexed only so the parser can say that Firebase has no negation.
    case not
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `[`
    case leftBracket
    /// `]`
    case rightBracket
    /// `,`
    case comma
    /// `.`
    case dot
    /// The end of the expression.
    case end
  }

  /// What the token is.
  var kind: Kind
  /// The 1-based column of its first scalar.
  var column: Int
}

extension ExpressionToken.Kind {
  /// The comparison this token spells, if it is one of the six comparison operators.
  var comparison: ComparisonOperator? {
    switch self {
    case .equal: .equal
    case .notEqual: .notEqual
    case .less: .lessThan
    case .lessOrEqual: .lessOrEqual
    case .greater: .greaterThan
    case .greaterOrEqual: .greaterOrEqual
    case .identifier, .string, .number, .and, .or, .not, .leftParen, .rightParen,
      .leftBracket, .rightBracket, .comma, .dot, .end:
      nil
    }
  }
}
