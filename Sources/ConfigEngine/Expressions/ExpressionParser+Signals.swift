import Core

/// The atoms that test a context signal: `device.*`, `app.*` and `version(...)`.
extension ExpressionParser {
  /// `device.<name> ...` or `app.<name> ...`, starting on `root`.
  mutating func parseSignalAtom(root: String) throws(ConditionSyntaxError) -> Condition {
    let start = token.column
    advance()
    try expect(.dot, else: "expected '.' after '\(root)'")
    guard case .identifier(let member) = token.kind else {
      throw error("expected a signal name after '\(root).'")
    }
    let path = root + "." + member
    advance()
    switch path {
    case "device.os":
      return try parseEquality(on: .platform, name: path)
    case "app.id":
      return try parseEquality(on: .appID, name: path)
    case "device.country":
      return try parseMembership(on: .country, name: path)
    case "device.language":
      return try parseMembership(on: .language, name: path)
    case "app.firebaseInstallationId":
      return try parseMembership(on: .installationID, name: path)
    case "app.version":
      return try parseVersionMethod(on: .appVersion, name: path)
    case "app.build":
      return try parseVersionMethod(on: .appBuild, name: path)
    case "app.customSignal":
      let key = try parseKey()
      return try parseKeyedTest(on: .customSignal(key), name: Self.keyed(path, key))
    case "app.userProperty":
      let key = try parseKey()
      return try parseKeyedTest(on: .userProperty(key), name: Self.keyed(path, key))
    case "app.audiences":
      return try parseAudienceMethod(name: path)
    case "app.firstOpenTimestamp":
      return try parseFirstOpenTime()
    case "device.dateTime":
      throw unknownElement(
        "unknown signal 'device.dateTime'; Firebase writes the time of evaluation as"
          + " dateTime < dateTime('2025-01-01T00:00:00'[, 'zone']) or with '>='",
        at: start)
    case "app.operatingSystemAndVersion", "app.browserAndVersion":
      return try notEvaluated(path, at: start)
    default:
      throw unknownElement(
        "unknown signal \(ConditionSyntaxError.quoted(path)); Firebase's '\(root).' signals are "
          + (root == "app" ? Self.appSignals : "device.os, device.country and device.language"),
        at: start)
    }
  }

  /// Firebase's `app.` signals, for messages.
  static let appSignals =
    "app.build, app.version, app.id, app.audiences, app.firstOpenTimestamp,"
    + " app.firebaseInstallationId, app.userProperty['name'] and app.customSignal['name']"

  /// `version(app.customSignal['k']) <op> '1.2.0'`, starting on `version`.
  mutating func parseVersionFunction() throws(ConditionSyntaxError) -> Condition {
    advance()
    try expect(.leftParen, else: "expected '(' after 'version'")
    let inside = "expected app.customSignal['key'] inside 'version(...)'"
    try expectIdentifier("app", else: inside)
    try expect(.dot, else: inside)
    try expectIdentifier("customSignal", else: inside)
    let key = try parseKey()
    try expect(.rightParen, else: "expected ')'")
    guard let comparison = token.kind.comparison else {
      throw unexpectedOperator(
        after: "version(...)", expected: "'==', '!=', '<', '<=', '>' or '>='")
    }
    advance()
    guard case .string(let text) = token.kind else { throw error("expected a quoted version") }
    do throws(SemanticVersion.ParseError) {
      _ = try SemanticVersion(parsing: text)
    } catch {
      // Core's message repeats the input; repeat a bounded piece of it instead.
      let shown = ConditionSyntaxError.shortened(text)
      throw self.error(
        SemanticVersion.ParseError(input: shown, problem: error.problem).description)
    }
    advance()
    return .signal(SignalCondition(.customSignal(key), .version(comparison, [text])))
  }

  /// `== 'value'` or `!= 'value'`.
  private mutating func parseEquality(
    on signal: Signal, name: String
  ) throws(ConditionSyntaxError) -> Condition {
    let stringOperator: StringOperator
    switch token.kind {
    case .equal: stringOperator = .equals
    case .notEqual: stringOperator = .notEquals
    default: throw unexpectedOperator(after: name, expected: "'==' or '!='")
    }
    let spelling = token.kind == .equal ? "==" : "!="
    advance()
    let value = try expectString(else: "expected a quoted string after '\(name) \(spelling)'")
      .value
    return .signal(SignalCondition(signal, .string(stringOperator, [value])))
  }

  /// `in ['a', 'b']`.
  private mutating func parseMembership(
    on signal: Signal, name: String
  ) throws(ConditionSyntaxError) -> Condition {
    guard token.kind == .identifier("in") else {
      throw unexpectedOperator(after: name, expected: "'in'")
    }
    advance()
    let values = try parseStringList(else: "expected a list such as ['a'] after '\(name) in'")
    return .signal(SignalCondition(signal, .string(.equals, values)))
  }

  /// `.>=(['2.0.0'])` and the other comparisons, or one of the four string methods.
  private mutating func parseVersionMethod(
    on signal: Signal, name: String
  ) throws(ConditionSyntaxError) -> Condition {
    guard token.kind == .dot else {
      throw unexpectedOperator(after: name, expected: "'.' and a method")
    }
    advance()
    if let comparison = token.kind.comparison {
      advance()
      let values = try parseListArgument(of: comparison.rawValue)
      return .signal(SignalCondition(signal, .version(comparison, values)))
    }
    guard let method = try parseStringMethodName(of: name) else {
      throw try unknownMethod(of: name, known: Self.versionMethods)
    }
    let values = try parseListArgument(of: method.name)
    return .signal(SignalCondition(signal, .string(method.operator, values)))
  }

  /// `['key']` after `app.customSignal` or `app.userProperty`.
  private mutating func parseKey() throws(ConditionSyntaxError) -> String {
    try expect(.leftBracket, else: "expected '['")
    let (key, column) = try expectString(else: "expected a quoted key")
    guard !key.isEmpty else { throw error("the key must not be empty", at: column) }
    try expect(.rightBracket, else: "expected ']'")
    return key
  }

  /// A string method (`.contains([...])`, ...) or a numeric comparison (`>= 3`).
  private mutating func parseKeyedTest(
    on signal: Signal, name: String
  ) throws(ConditionSyntaxError) -> Condition {
    if token.kind == .dot {
      advance()
      guard let method = try parseStringMethodName(of: name) else {
        throw try unknownMethod(of: name, known: Self.stringMethods)
      }
      let values = try parseListArgument(of: method.name)
      return .signal(SignalCondition(signal, .string(method.operator, values)))
    }
    guard let comparison = token.kind.comparison else {
      throw unexpectedOperator(after: name, expected: "a method or a comparison")
    }
    advance()
    guard case .number(let literal) = token.kind else {
      if case .string(let text) = token.kind {
        throw error(
          "expected a number: '\(comparison.rawValue)' compares \(name) with a number;"
            + " Firebase compares strings with methods, e.g. \(name).exactlyMatches("
            + "[\(ConditionSyntaxError.quoted(text))])")
      }
      throw error("expected a number")
    }
    advance()
    return .signal(SignalCondition(signal, .numeric(comparison, [literal])))
  }

  /// `.inAtLeastOne([...])` and the other three audience methods.
  private mutating func parseAudienceMethod(
    name: String
  ) throws(ConditionSyntaxError) -> Condition {
    guard token.kind == .dot else {
      throw unexpectedOperator(after: name, expected: "'.' and a method")
    }
    advance()
    let method = try parseMethodName(of: name)
    guard let audienceOperator = AudienceOperator(rawValue: method.name) else {
      throw unknownMethod(method, of: name, known: Self.audienceMethods)
    }
    let targets = try parseListArgument(of: method.name)
    return .signal(SignalCondition(.audiences, .audience(audienceOperator, targets)))
  }

  /// Firebase's string methods, for messages.
  static let stringMethods = "exactlyMatches, contains, notContains and matches"
  /// Firebase's methods of app.audiences, for messages.
  static let audienceMethods = "inAtLeastOne, notInAtLeastOne, inAll and notInAll"
  /// Firebase's methods of app.version and app.build, for messages.
  static let versionMethods = ".==, .!=, .<, .<=, .>, .>=, " + stringMethods

  /// `exactlyMatches`, `contains`, `notContains` or `matches`, and the name as written; nil,
  /// with the parser still on the method name, for any other name.
  private mutating func parseStringMethodName(
    of name: String
  ) throws(ConditionSyntaxError) -> (operator: StringOperator, name: String)? {
    guard case .identifier(let method) = token.kind else {
      _ = try parseMethodName(of: name)  // throws the right error for a non-name
      return nil
    }
    let stringOperator: StringOperator
    switch method {
    case "exactlyMatches": stringOperator = .exactlyMatches
    case "contains": stringOperator = .contains
    case "notContains": stringOperator = .doesNotContain
    case "matches": stringOperator = .containsRegex
    default: return nil
    }
    advance()
    return (stringOperator, method)
  }

  /// The error for a method of `name` this version does not know, with the parser on its
  /// name: Firebase may have added it, so the reader makes the atom unknown.
  private mutating func unknownMethod(
    of name: String, known: String
  ) throws(ConditionSyntaxError) -> ConditionSyntaxError {
    unknownMethod(try parseMethodName(of: name), of: name, known: known)
  }

  private mutating func unknownMethod(
    _ method: (name: String, column: Int), of name: String, known: String
  ) -> ConditionSyntaxError {
    unknownElement(
      "'\(name)' has no method \(ConditionSyntaxError.quoted(method.name)); Firebase's are \(known)",
      at: method.column)
  }

  /// The method name after a `.`: an identifier, or an operator token written as one.
  private mutating func parseMethodName(
    of name: String
  ) throws(ConditionSyntaxError) -> (name: String, column: Int) {
    let column = token.column
    guard case .identifier(let method) = token.kind else {
      // `.>=(...)` is a method only on app.version and app.build.
      if let comparison = token.kind.comparison {
        throw unknownElement(
          "'\(name)' has no method \(ConditionSyntaxError.quoted(comparison.rawValue))", at: column)
      }
      throw error("expected a method name after '\(name).'")
    }
    advance()
    return (method, column)
  }

  /// `app.customSignal['grade']`, with a long key shortened, for messages.
  private static func keyed(_ path: String, _ key: String) -> String {
    "\(path)[\(ConditionSyntaxError.quoted(key))]"
  }

}
