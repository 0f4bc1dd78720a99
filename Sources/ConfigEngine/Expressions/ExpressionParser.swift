/// The parsing state behind `ConditionExpressionParser`: the expression's tokens, the atom
/// being read and the current token.
///
/// The expression is lexed whole and its brackets checked first: what does not lex or
/// balance, or has an empty atom, is malformed. Then each atom (the tokens between top-level
/// `&&`s) is parsed on its own by a method that starts on the atom's first token and leaves
/// the parser on the token after it; the atoms live in `ExpressionParser+Signals.swift`,
/// `+Percent.swift` and `+Time.swift`. One token of lookahead is enough for Firebase's grammar,
/// and the end of an atom reads as `.end`, so no atom method ever reads into the next atom.
///
/// ## Unknown or malformed
///
/// An atom is *unknown* (false, with a warning, for the template reader) only when the parser,
/// reading it as Firebase writes it, meets a name this version does not know where a name
/// stands, and the atom is otherwise well formed. Where a name stands:
///
/// - the signal: the atom's first name (`exp`, `user.property('x')`) or the member after
///   `app.` or `device.` (`device.model`, `device.dateTime`);
/// - a method of a known signal: the name (or comparison) after its `.`
///   (`app.customSignal['k'].startsWith`, `app.id.contains`, `app.customSignal['k'].==`);
/// - a known signal's operator: a comparison or a word that is not one of its operators
///   (`percent >= 10`, `percent within 10 and 20`, `device.os in [...]`,
///   `app.version >= '1.0'`); and `!`, `||` and a group `( ... )`, operators Firebase does not
///   have today.
///
/// Everything else that does not parse is malformed, an error for every reader: a known
/// element written wrong (an operator with no operand, `device.os ==`; an unquoted value,
/// `device.os == ios`; a value of the wrong type, `percent <= '10'`; an empty list,
/// `app.customSignal['k'].contains()`), text after a whole condition
/// (`device.os == 'ios' 'x'`), an atom that does not start with a name (`'x'`, `1 == 1`), and
/// an invalid value of a known element (`percent <= 101`, an unknown time zone).
///
/// "Otherwise well formed" means the whole atom, the part read as known and what follows
/// the unknown name, has the shape every Firebase condition has (`skipWellFormedAtom`), so a
/// newer Firebase's element is recognised while text with no shape is not:
///
///     atom         = term { "||" term }
///     term         = { "!" } ( "(" term { ( "&&" | "||" ) term } ")" | test )
///     test         = subject [ operator operand ]
///     subject      = name [ arguments(reference | literal) ] { member }
///     member       = "." name [ arguments(literal) ] | "." comparison arguments(literal)
///                  | "[" literal "]"
///     reference    = name { "." name | "[" literal "]" }
///     operator     = comparison | name
///     operand      = value { name value }
///     value        = literal | arguments(literal) | name arguments(literal)
///     arguments(x) = "(" [ x { "," x } ] ")"
///     literal      = string | number | "true" | "false" | "null"
///                  | "[" literal { "," literal } "]"
///
/// So an unknown signal is a name path, with literal arguments to its calls (a function such
/// as `version(...)` may take a signal), followed by nothing or by an operator (a comparison
/// or a word) and an operand of literals, lists and calls of literals (`percent between 1 and
/// 2`, `dateTime('...')`); an unknown method's arguments are literals, none or more; lists
/// hold one or more literals and may nest (Firebase's `satisfies([['Android', '>=', '12']])`).
/// Every one of Firebase's own atoms has this shape, so a known prefix never makes an atom
/// malformed.
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
  /// The index of the current atom's first token.
  private var atomStart = 0
  /// Set when the error about to be thrown is about a name this version does not know
  /// (`unknownElement`): the atom is unknown if it is well formed. Any other error is one
  /// for every reader.
  private var foundUnknownElement = false

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
  /// a well-formed atom with a name this version does not know and `strict` is off.
  private mutating func parseAtom(
    from start: Int, to end: Int, strict: Bool
  ) throws(ConditionSyntaxError) -> Condition {
    atomStart = start
    index = start
    atomEnd = end
    foundUnknownElement = false
    do throws(ConditionSyntaxError) {
      let condition = try parseAtom()
      guard index == atomEnd else {
        if token.kind == .or { throw unknownElement(Self.orIsUnsupported) }
        throw error("expected '&&' or end of expression")
      }
      return condition
    } catch {
      guard foundUnknownElement else { throw error }
      // An unknown name in text of no shape is not a newer element: the shape's error wins.
      try skipWellFormedAtom()
      if strict { throw error }
      let subject = atomText(from: start, to: end)
      notes.append(
        Note(
          column: error.column,
          message: UnknownConditionElement.warning(subject, detail: error.message),
          kind: .unknownConditionElement))
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
      throw unknownElement("'!' is not supported: Firebase conditions have no negation")
    case .leftParen:
      throw unknownElement(
        "'(' is not supported here: Firebase conditions have no grouping; join atoms with '&&'")
    case .or:
      throw error(Self.orIsUnsupported)
    case .string, .number, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual,
      .and, .rightParen, .leftBracket, .rightBracket, .comma, .dot, .end:
      throw error(Self.expectedCondition)
    }
  }

  /// What an atom must start with, for the message about one that does not.
  static let expectedCondition =
    "expected a condition, which starts with a signal such as device.os, percent or true"

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
    return unknownElement(
      "unknown signal \(ConditionSyntaxError.quoted(path)); Firebase's conditions test"
        + " \(Self.signals)\(hint)", at: column)
  }

  /// A signal Firebase has for web apps only, which Switchyard does not evaluate: the rest of
  /// the atom is skipped, a note says so, and the atom is false.
  /// - Throws: when the atom is not well formed.
  mutating func notEvaluated(
    _ path: String, at column: Int
  ) throws(ConditionSyntaxError) -> Condition {
    try skipWellFormedAtom()
    notes.append(
      Note(
        column: column,
        message: "'\(path)' is a Firebase signal of web apps that Switchyard does not evaluate;"
          + " this part of the condition is false",
        kind: .general))
    return .unknown("'\(path)' is a Firebase signal of web apps that Switchyard does not evaluate")
  }

  /// The error about a name this version does not know, where a signal, a method or an
  /// operator stands: the atom is unknown, not malformed, if it is well formed.
  mutating func unknownElement(
    _ message: String, at column: Int? = nil
  ) -> ConditionSyntaxError {
    foundUnknownElement = true
    return error(message, at: column)
  }

  /// The error for what stands where `name`'s operator should, given as `expected` (`'==' or
  /// '!='`): a comparison, a word or a method (`.name`) that is not one of `name`'s operators
  /// is an element this version does not know, since Firebase may have added it; anything
  /// else is malformed.
  mutating func unexpectedOperator(
    after name: String, expected: String
  ) -> ConditionSyntaxError {
    let found: (kind: String, spelling: String, column: Int)?
    switch token.kind {
    case .identifier(let word):
      found = ("operator", word, token.column)
    case .dot:
      let method = nextToken
      if case .identifier(let word) = method.kind {
        found = ("method", word, method.column)
      } else {
        found = method.kind.comparison.map { ("method", $0.rawValue, method.column) }
      }
    default:
      found = token.kind.comparison.map { ("operator", $0.rawValue, token.column) }
    }
    guard let found else { return error("expected \(expected) after '\(name)'") }
    return unknownElement(
      "'\(name)' has no \(found.kind) \(ConditionSyntaxError.quoted(found.spelling)); Firebase"
        + " tests it with \(expected)", at: found.column)
  }

  // MARK: - Tokens

  /// The token after the current one, `.end` past the atom.
  var nextToken: ExpressionToken {
    index + 1 < atomEnd
      ? tokens[index + 1] : ExpressionToken(kind: .end, column: tokens[atomEnd].column)
  }

  /// Moves back to the current atom's first token, to read the atom again.
  mutating func rewindToAtomStart() {
    index = atomStart
  }

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
    guard case .string(let value) = token.kind else { throw expectedValue(message) }
    let column = token.column
    advance()
    return (value, column)
  }

  /// The error `message` at the current token, saying how to quote it when it is a bare name
  /// (`device.os == ios`), the likely slip.
  func expectedValue(_ message: String) -> ConditionSyntaxError {
    guard case .identifier(let word) = token.kind else { return error(message) }
    return error("\(message); write \(ConditionSyntaxError.quoted(word)) in single quotes")
  }

  /// `[ 'a', 'b', ... ]`: one or more strings; `missing` is the error when there is no list.
  mutating func parseStringList(
    else missing: String
  ) throws(ConditionSyntaxError) -> [String] {
    try expect(.leftBracket, else: missing)
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

  /// `( [ 'a', ... ] )`: the argument of the method `method` (`contains`, `>=`).
  mutating func parseListArgument(of method: String) throws(ConditionSyntaxError) -> [String] {
    try expect(.leftParen, else: "expected '(' after '\(method)'")
    let values = try parseStringList(
      else: "expected a list of quoted strings such as ['a'] inside '\(method)(...)'")
    try expect(.rightParen, else: "expected ')'")
    return values
  }
}
