/// The shape every condition atom has, known or not (the grammar in `ExpressionParser`'s
/// documentation): what an atom with a name this version does not know must still have to be
/// a newer Firebase's element rather than a malformed expression.
///
/// Each rule is a loop, never a recursion: groups and nested lists are counted, so brackets
/// of any depth cost one pass over the atom's tokens.
extension ExpressionParser {
  /// Checks the current atom, from its first token, against the shape, leaving the parser at
  /// the atom's end.
  /// - Throws: at the first token where the atom stops having the shape.
  mutating func skipWellFormedAtom() throws(ConditionSyntaxError) {
    rewindToAtomStart()
    var openGroups = 0
    while true {
      while token.kind == .not { advance() }
      if token.kind == .leftParen {
        advance()
        openGroups += 1
        continue
      }
      try skipTest()
      while openGroups > 0, token.kind == .rightParen {
        advance()
        openGroups -= 1
      }
      switch token.kind {
      case .or:
        advance()
      case .and where openGroups > 0:
        advance()
      case .end where openGroups == 0:
        return
      default:
        throw error(
          openGroups > 0 ? "expected '&&', '||' or ')'" : "expected '&&' or end of expression")
      }
    }
  }

  /// `subject [ operator operand ]`, where the operand is `value { name value }`.
  private mutating func skipTest() throws(ConditionSyntaxError) {
    guard case .identifier = token.kind else { throw error(Self.expectedCondition) }
    advance()
    if token.kind == .leftParen { try skipArguments(allowingReferences: true) }
    try skipMembers(allowingCalls: true)
    var connective: String
    switch token.kind {
    case .identifier(let word): connective = word
    default:
      guard let comparison = token.kind.comparison else { return }
      connective = comparison.rawValue
    }
    while true {
      advance()
      try skipValue(after: connective)
      guard case .identifier(let word) = token.kind else { return }
      connective = word
    }
  }

  /// `{ "." name [ arguments ] | "." comparison arguments | "[" literal "]" }` after a name;
  /// without calls for a signal passed to a function (`version(app.customSignal['k'])`).
  private mutating func skipMembers(allowingCalls: Bool) throws(ConditionSyntaxError) {
    while true {
      switch token.kind {
      case .dot:
        advance()
        let isComparison = allowingCalls && token.kind.comparison != nil
        guard case .identifier = token.kind else {
          guard isComparison else { throw error("expected a name after '.'") }
          advance()
          try skipArguments(allowingReferences: false)
          continue
        }
        advance()
        if allowingCalls, token.kind == .leftParen { try skipArguments(allowingReferences: false) }
      case .leftBracket:
        advance()
        try skipLiteral(else: "expected a quoted key")
        try expect(.rightBracket, else: "expected ']'")
      default:
        return
      }
    }
  }

  /// `"(" [ argument { "," argument } ] ")"`, each argument a literal or, when
  /// `allowingReferences`, a signal such as `app.customSignal['k']`.
  private mutating func skipArguments(allowingReferences: Bool) throws(ConditionSyntaxError) {
    try expect(.leftParen, else: "expected '('")
    if token.kind == .rightParen {
      advance()
      return
    }
    let expected = allowingReferences ? "a literal or a signal" : "a literal"
    while true {
      if allowingReferences, case .identifier(let name) = token.kind, !Self.isLiteralWord(name) {
        advance()
        try skipMembers(allowingCalls: false)
      } else {
        try skipLiteral(
          else: "expected \(expected) as an argument: a quoted string, a number or a list")
      }
      switch token.kind {
      case .comma: advance()
      case .rightParen:
        advance()
        return
      default: throw error("expected ',' or ')'")
      }
    }
  }

  /// An operand's value after `connective` (an operator or a word such as `and`): a literal,
  /// arguments (`('2025-01-01T00:00:00')`) or a call of literals (`dateTime('...')`).
  private mutating func skipValue(after connective: String) throws(ConditionSyntaxError) {
    if token.kind == .leftParen {
      try skipArguments(allowingReferences: false)
    } else if case .identifier = token.kind, nextToken.kind == .leftParen {
      advance()
      try skipArguments(allowingReferences: false)
    } else {
      try skipLiteral(
        else: "expected a value after \(ConditionSyntaxError.quoted(connective)): a quoted"
          + " string, a number, a list or a call")
    }
  }

  /// `string | number | true | false | null | "[" literal { "," literal } "]"`, lists nested to any
  /// depth; `missing` is the error when there is no literal at all.
  private mutating func skipLiteral(else missing: String) throws(ConditionSyntaxError) {
    var depth = 0
    while true {
      while token.kind == .leftBracket {
        advance()
        depth += 1
      }
      guard isLiteral(token.kind) else {
        if depth == 0 { throw expectedValue(missing) }
        throw expectedValue(
          token.kind == .rightBracket
            ? "expected a quoted string, a number or a list: a list holds at least one"
            : "expected a quoted string, a number or a list")
      }
      advance()
      while depth > 0 {
        if token.kind == .rightBracket {
          advance()
          depth -= 1
        } else if token.kind == .comma {
          advance()
          break
        } else {
          throw error("expected ',' or ']'")
        }
      }
      if depth == 0 { return }
    }
  }

  private func isLiteral(_ kind: ExpressionToken.Kind) -> Bool {
    switch kind {
    case .string, .number: true
    case .identifier(let name): Self.isLiteralWord(name)
    default: false
    }
  }

  /// `true`, `false` and `null`: the words that are values, where a value stands, in the
  /// expression languages Firebase's conditions look like (`user.tier == null`).
  private static func isLiteralWord(_ name: String) -> Bool {
    name == "true" || name == "false" || name == "null"
  }
}
