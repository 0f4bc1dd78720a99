/// The parsing state behind `ConditionExpressionParser`: the expression's tokens, the atom
/// being read and the current token.
///
/// The expression is lexed whole and its brackets checked first: what does not lex or
/// balance, or has an empty atom, is malformed. Then each atom (the tokens between top-level
/// `&&`s) is parsed on its own by a method that starts on the atom's first token and leaves
/// the parser on the token after it; the atoms live in `ExpressionParser+Signals.swift`,
/// `+Percent.swift` and `+Time.swift`. One token of lookahead is enough for Firebase's grammar,
/// and the end of an atom reads as `.end`, so no atom method ever reads into the next atom.
struct ExpressionParser {
  /// Firebase joins atoms with `&&` only; said wherever `||` turns up.
  static let orIsUnsupported =
    "'||' is not supported: Firebase conditions join atoms with '&&' only"

  /// A part of the expression that reading makes false, reported as a warning: an atom that
  /// is not an element Switchyard knows (`.unknownConditionElement`), or a signal Firebase has
  /// only for web apps (`.general`: Firebase knows it, Switchyard does not evaluate it).
  struct Note: Sendable, Equatable {
    /// The 1-based column of what was not understood.
    var column: Int
    /// What it is and why it is false.
    var message: String
    /// Whether it is an element this version does not know.
    var kind: TemplateProblem.Kind
  }

  /// Every token of the expression, the last one `.end`.
  private let tokens: [ExpressionToken]
  /// The expression's scalars, made when an atom's text is first quoted.
  private var scalars: [Unicode.Scalar]?
  private let expression: String
  /// The index of the token being looked at.
  private var index = 0
  /// The index of the token that ends the current atom: a top-level `&&`, or `.end`.
  private var atomEnd: Int
  /// The condition's name, for errors.
  let conditionName: String
  /// What reading made false, in document order.
  private(set) var notes: [Note] = []
  /// Set when the error about to be thrown is about a value of an element this version knows
  /// (a percent above 100, an unknown time zone): such an atom is invalid, not unknown.
  private var failedOnValue = false

  /// Lexes `expression` whole.
  /// - Throws: the first lexing error (a quote left open, a stray character).
  init(_ expression: String, conditionName: String) throws(ConditionSyntaxError) {
    self.conditionName = conditionName
    self.expression = expression
    tokens = try ExpressionLexer.tokenize(expression, conditionName: conditionName)
    atomEnd = tokens.count - 1
  }

  /// The token being looked at; the end of the current atom reads as `.end` at the column of
  /// what ends it.
  var token: ExpressionToken {
    index < atomEnd ? tokens[index] : ExpressionToken(kind: .end, column: tokens[atomEnd].column)
  }

  /// `atom ( && atom )*` up to the end of the expression.
  ///
  /// - Parameter strict: whether an atom that is not an element this version knows is an
  ///   error (`validate`'s rule, for conditions written in code) instead of `.unknown` with a
  ///   note (the reader's rule).
  /// - Throws: `ConditionSyntaxError` for a malformed expression (brackets that do not
  ///   balance, an empty atom), an invalid value of a known element, and, when `strict`, the
  ///   first atom that is not a known element.
  mutating func parseExpression(strict: Bool) throws(ConditionSyntaxError) -> Condition {
    let ends = try atomEnds()
    var atoms: [Condition] = []
    var start = 0
    for end in ends {
      guard start < end else {
        throw error("expected a condition", at: tokens[end].column)
      }
      atoms.append(try parseAtom(from: start, to: end, strict: strict))
      start = end + 1
    }
    if atoms.count == 1, let atom = atoms.first { return atom }
    return .and(atoms)
  }

  /// The indices of the tokens that end atoms: each top-level `&&`, then `.end`.
  /// - Throws: when brackets do not balance: a closer that closes nothing or another kind,
  ///   or an opener still open at the end.
  private func atomEnds() throws(ConditionSyntaxError) -> [Int] {
    var open: [ExpressionToken] = []
    var ends: [Int] = []
    for (position, token) in tokens.enumerated() {
      switch token.kind {
      case .leftParen, .leftBracket:
        open.append(token)
      case .rightParen, .rightBracket:
        let closer = token.kind == .rightParen ? ")" : "]"
        guard let opener = open.popLast() else {
          throw error("unexpected '\(closer)': nothing is open", at: token.column)
        }
        guard (opener.kind == .leftParen) == (token.kind == .rightParen) else {
          throw error(
            "'\(closer)' does not close the '\(Self.spelling(opener))' at column"
              + " \(opener.column)", at: token.column)
        }
      case .and where open.isEmpty:
        ends.append(position)
      case .end:
        if let opener = open.last {
          let closer = opener.kind == .leftParen ? ")" : "]"
          throw error(
            "expected '\(closer)' to close the '\(Self.spelling(opener))' at column"
              + " \(opener.column)", at: token.column)
        }
        ends.append(position)
      default:
        break
      }
    }
    return ends
  }

  private static func spelling(_ opener: ExpressionToken) -> String {
    opener.kind == .leftParen ? "(" : "["
  }

  /// The atom of tokens `start..<end`: its condition, or `.unknown` with a note when it is
  /// not an element this version knows and `strict` is off.
  private mutating func parseAtom(
    from start: Int, to end: Int, strict: Bool
  ) throws(ConditionSyntaxError) -> Condition {
    index = start
    atomEnd = end
    failedOnValue = false
    do throws(ConditionSyntaxError) {
      let condition = try parseAtom()
      guard index == atomEnd else {
        throw error(
          token.kind == .or ? Self.orIsUnsupported : "expected '&&' or end of expression")
      }
      return condition
    } catch {
      if strict || failedOnValue { throw error }
      let subject = atomText(from: start, to: end)
      notes.append(
        Note(
          column: error.column,
          message: UnknownConditionElement.warning(subject, detail: error.message),
          kind: .unknownConditionElement))
      index = atomEnd
      return .unknown(UnknownConditionElement.reason(subject))
    }
  }

  /// The atom of tokens `start..<end` as written, quoted and shortened for a message.
  private mutating func atomText(from start: Int, to end: Int) -> String {
    let scalars = self.scalars ?? Array(expression.unicodeScalars)
    self.scalars = scalars
    let first = tokens[start].column - 1
    let last = min(tokens[end].column - 1, scalars.count)
    // A little past the excerpt's length is enough to quote it.
    var text = String.UnicodeScalarView()
    text.append(
      contentsOf: scalars[first..<min(last, first + ConditionSyntaxError.maximumQuotedLength + 1)])
    var quoted = String(text)
    while quoted.last?.isWhitespace == true { quoted.removeLast() }
    return ConditionSyntaxError.quoted(quoted)
  }

  /// One atom, chosen by its first token.
  private mutating func parseAtom() throws(ConditionSyntaxError) -> Condition {
    switch token.kind {
    case .identifier(let name):
      switch name {
      case "true", "false":
        advance()
        return .constant(name == "true")
      case "percent": return try parsePercent()
      case "dateTime": return try parseEvaluationTime()
      case "version": return try parseVersionFunction()
      case "app", "device": return try parseSignalAtom(root: name)
      default: throw unknownSignal(name)
      }
    case .not:
      throw error("'!' is not supported: Firebase conditions have no negation")
    case .leftParen:
      throw error(
        "'(' is not supported here: Firebase conditions have no grouping; join atoms with '&&'")
    case .or:
      throw error(Self.orIsUnsupported)
    case .string, .number, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual,
      .and, .rightParen, .leftBracket, .rightBracket, .comma, .dot, .end:
      throw error("expected a condition")
    }
  }

  /// Firebase's signals, for the message about one it does not have.
  static let signals =
    "app.build, app.version, app.id, app.audiences, app.firstOpenTimestamp,"
    + " app.firebaseInstallationId, app.userProperty['name'], app.customSignal['name'],"
    + " device.os, device.country, device.language, dateTime, percent, true and false"

  /// The error for an atom starting with the unknown identifier `name`, naming the dotted
  /// path it starts (`user.property`) and listing Firebase's signals.
  private mutating func unknownSignal(_ name: String) -> ConditionSyntaxError {
    let column = token.column
    var path = name
    advance()
    if token.kind == .dot {
      advance()
      if case .identifier(let member) = token.kind { path += "." + member }
    }
    let hint =
      path.lowercased().contains("property") || path.lowercased().contains("user")
      ? "; a user property is app.userProperty['name'] and a signal the app sets is"
        + " app.customSignal['name']" : ""
    return error(
      "unknown signal \(ConditionSyntaxError.quoted(path)); Firebase's conditions test"
        + " \(Self.signals)\(hint)", at: column)
  }

  /// A signal Firebase has for web apps only, which Switchyard does not evaluate: the rest of
  /// the atom is skipped, a note says so, and the atom is false.
  mutating func notEvaluated(_ path: String, at column: Int) -> Condition {
    notes.append(
      Note(
        column: column,
        message: "'\(path)' is a Firebase signal of web apps that Switchyard does not evaluate;"
          + " this part of the condition is false",
        kind: .general))
    index = atomEnd
    return .unknown("'\(path)' is a Firebase signal of web apps that Switchyard does not evaluate")
  }

  /// The error about a value of an element this version knows (a percent, a date, a zone, a
  /// version, a key): the atom is invalid whatever the reader, not unknown.
  mutating func invalidValue(_ message: String, at column: Int? = nil) -> ConditionSyntaxError {
    failedOnValue = true
    return error(message, at: column)
  }

  // MARK: - Tokens

  /// Moves to the next token of the atom (never past its end).
  mutating func advance() {
    if index < atomEnd { index += 1 }
  }

  /// An error at `column`, or at the current token.
  func error(_ message: String, at column: Int? = nil) -> ConditionSyntaxError {
    ConditionSyntaxError(
      conditionName: conditionName, column: column ?? token.column, message: message)
  }

  /// Consumes a token of `kind`, or throws `message` at the current token.
  mutating func expect(
    _ kind: ExpressionToken.Kind, else message: String
  ) throws(ConditionSyntaxError) {
    guard token.kind == kind else { throw error(message) }
    advance()
  }

  /// Consumes the identifier `name`, or throws `message` at the current token.
  mutating func expectIdentifier(
    _ name: String, else message: String
  ) throws(ConditionSyntaxError) {
    try expect(.identifier(name), else: message)
  }

  /// Consumes a string and returns its value and column, or throws `message`.
  mutating func expectString(
    else message: String
  ) throws(ConditionSyntaxError) -> (value: String, column: Int) {
    guard case .string(let value) = token.kind else { throw error(message) }
    let column = token.column
    advance()
    return (value, column)
  }

  /// `[ 'a', 'b', ... ]`: one or more strings.
  mutating func parseStringList() throws(ConditionSyntaxError) -> [String] {
    try expect(.leftBracket, else: "expected '['")
    guard token.kind != .rightBracket else {
      throw error("expected a quoted string: a list needs at least one")
    }
    var values: [String] = []
    while true {
      values.append(try expectString(else: "expected a quoted string").value)
      switch token.kind {
      case .comma: advance()
      case .rightBracket:
        advance()
        return values
      default: throw error("expected ',' or ']'")
      }
    }
  }

  /// `( [ 'a', ... ] )`: a method's argument.
  mutating func parseListArgument() throws(ConditionSyntaxError) -> [String] {
    try expect(.leftParen, else: "expected '('")
    let values = try parseStringList()
    try expect(.rightParen, else: "expected ')'")
    return values
  }
}
