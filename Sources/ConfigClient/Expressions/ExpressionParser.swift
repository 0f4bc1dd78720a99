/// The parsing state behind `ConditionExpressionParser`: a lexer and the current token.
///
/// One token of lookahead is enough for Firebase's grammar. Each atom is parsed by a method
/// that starts on the atom's first token and leaves the parser on the token after it; the
/// atoms live in `ExpressionParser+Signals.swift`, `+Percent.swift` and `+Time.swift`.
struct ExpressionParser {
  /// Firebase joins atoms with `&&` only; said wherever `||` turns up.
  static let orIsUnsupported =
    "'||' is not supported: Firebase conditions join atoms with '&&' only"

  private var lexer: ExpressionLexer
  /// The token being looked at.
  private(set) var token: ExpressionToken
  /// The condition's name, for errors.
  let conditionName: String
  /// Parts of the expression that Switchyard does not know but Firebase's grammar allows in
  /// that place (a newer method of a signal, a newer percent operator, a web-only signal):
  /// each became `.unknown`, which is false, and is reported here as a warning.
  var unknowns: [ConditionSyntaxError] = []

  /// Creates a parser on the first token of `expression`.
  init(_ expression: String, conditionName: String) throws(ConditionSyntaxError) {
    self.conditionName = conditionName
    lexer = ExpressionLexer(expression, conditionName: conditionName)
    token = try lexer.next()
  }

  /// `atom ( && atom )*` up to the end of the expression.
  mutating func parseExpression() throws(ConditionSyntaxError) -> Condition {
    var atoms = [try parseAtom()]
    while true {
      switch token.kind {
      case .end:
        if atoms.count == 1, let atom = atoms.first { return atom }
        return .and(atoms)
      case .and:
        try advance()
        atoms.append(try parseAtom())
      case .or:
        throw error(Self.orIsUnsupported)
      default:
        throw error("expected '&&' or end of expression")
      }
    }
  }

  /// One atom, chosen by its first token.
  private mutating func parseAtom() throws(ConditionSyntaxError) -> Condition {
    switch token.kind {
    case .identifier(let name):
      switch name {
      case "true", "false":
        try advance()
        return .constant(name == "true")
      case "percent": return try parsePercent()
      case "dateTime": return try parseEvaluationTime()
      case "version": return try parseVersionFunction()
      case "app", "device": return try parseSignalAtom(root: name)
      default: throw try unknownSignal(name)
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
  private mutating func unknownSignal(_ name: String) throws(ConditionSyntaxError)
    -> ConditionSyntaxError
  {
    let column = token.column
    var path = name
    try advance()
    if token.kind == .dot {
      try advance()
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

  /// Skips the rest of an atom this version does not understand but Firebase's grammar may:
  /// every token up to the next `&&` outside brackets, or the end. Notes `message` at
  /// `column` as a warning and returns `.unknown(description)`, which is false.
  mutating func skipUnknownAtom(
    _ description: String, message: String, at column: Int
  ) throws(ConditionSyntaxError) -> Condition {
    var closers: [ExpressionToken.Kind] = []
    while true {
      switch token.kind {
      case .end:
        guard closers.isEmpty else {
          throw error(closers.last == .rightParen ? "expected ')'" : "expected ']'")
        }
        unknowns.append(error(message, at: column))
        return .unknown(description)
      case .and where closers.isEmpty:
        unknowns.append(error(message, at: column))
        return .unknown(description)
      case .leftParen: closers.append(.rightParen)
      case .leftBracket: closers.append(.rightBracket)
      case .rightParen, .rightBracket:
        guard closers.last == token.kind else {
          throw error("unexpected '\(token.kind == .rightParen ? ")" : "]")'")
        }
        closers.removeLast()
      case .or:
        throw error(Self.orIsUnsupported)
      default:
        break
      }
      try advance()
    }
  }

  // MARK: - Tokens

  /// Moves to the next token.
  mutating func advance() throws(ConditionSyntaxError) {
    token = try lexer.next()
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
    try advance()
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
    try advance()
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
      case .comma: try advance()
      case .rightBracket:
        try advance()
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
