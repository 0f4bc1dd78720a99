import Core

/// Spells a `Condition` as a client-template expression, the inverse of
/// `ConditionExpressionParser`: parsing the text gives back the condition (with nested `&&`
/// flattened, as the flat grammar has them).
///
/// Only what the expression language can say is written: `.or`, several targets where the
/// language takes one, custom-signal tests of other signals or conditions of unknown kinds
/// are refused with the reason, so `TemplateWriter` never writes a condition that would read
/// back differently.
enum ConditionExpressionWriter {
  /// The expression for `condition`.
  /// - Throws: `UnwritableCondition` saying what the language cannot express.
  static func expression(_ condition: Condition) throws(UnwritableCondition) -> String {
    switch condition {
    case .and(let members):
      var atoms: [String] = []
      try appendAtoms(of: members, to: &atoms)
      return atoms.isEmpty ? "true" : atoms.joined(separator: " && ")
    default:
      return try atom(condition)
    }
  }

  private static func appendAtoms(
    of members: [Condition], to atoms: inout [String]
  ) throws(UnwritableCondition) {
    for member in members {
      if case .and(let nested) = member {
        try appendAtoms(of: nested, to: &atoms)
      } else {
        atoms.append(try atom(member))
      }
    }
  }

  private static func atom(_ condition: Condition) throws(UnwritableCondition) -> String {
    switch condition {
    case .constant(let value):
      return value ? "true" : "false"
    case .and(let members) where members.isEmpty:
      return "true"
    case .and:
      throw UnwritableCondition(
        "client conditions join atoms with '&&' at the top only; '&&' inside an '||' has no"
          + " spelling")
    case .or(let members):
      switch members.count {
      case 0: return "false"
      case 1: return try expression(members[0])
      default:
        throw UnwritableCondition(
          "client conditions have no '||': use one condition per alternative, or a server"
            + " template")
      }
    case .percent(let percent):
      return try self.percent(percent)
    case .signal(let signal):
      return try self.signal(signal)
    case .unknown(let reason):
      throw UnwritableCondition("\(reason); Switchyard cannot write it")
    }
  }

  private static func percent(_ percent: PercentCondition) throws(UnwritableCondition) -> String {
    var text = "percent"
    if !percent.seed.isEmpty {
      guard ExpressionParser.isValidSeed(percent.seed) else {
        throw UnwritableCondition(
          "percent seed \(ConditionSyntaxError.quoted(percent.seed)) is not 0 to 32 characters"
            + " of A-Z, a-z, 0-9, '-', '_' and '.'")
      }
      text += "(" + quoted(percent.seed) + ")"
    }
    switch percent.range {
    case .atMost(let bound): return text + " <= " + (try percentText(bound))
    case .above(let bound): return text + " > " + (try percentText(bound))
    case .between(let lower, let upper):
      guard lower <= upper else {
        throw UnwritableCondition("the percent range \(lower)...\(upper) is reversed")
      }
      return text + " between \(try percentText(lower)) and \(try percentText(upper))"
    case .unknown(let name):
      throw UnwritableCondition(
        "percent operator \(ConditionSyntaxError.quoted(name)) is not one Switchyard can write")
    }
  }

  /// `12.5` for 12_500_000 micro-percent.
  static func percentText(_ micro: Int) throws(UnwritableCondition) -> String {
    guard (0...PercentCondition.microPercentScale).contains(micro) else {
      throw UnwritableCondition("percent bound \(micro) is outside 0...100000000 micro-percent")
    }
    let whole = micro / MicroPercent.perPercent
    var fraction = String(micro % MicroPercent.perPercent)
    guard fraction != "0" else { return String(whole) }
    fraction =
      String(repeating: "0", count: MicroPercent.maximumFractionDigits - fraction.count)
      + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
  }

  private static func signal(_ condition: SignalCondition) throws(UnwritableCondition) -> String {
    let signal = condition.signal
    switch (signal, condition.test) {
    case (.platform, .string(let op, let targets)), (.appID, .string(let op, let targets)):
      let name = signal == .platform ? "device.os" : "app.id"
      guard op == .equals || op == .notEquals, targets.count == 1 else { break }
      return "\(name) \(op == .equals ? "==" : "!=") \(quoted(targets[0]))"
    case (.country, .string(.equals, let targets)), (.language, .string(.equals, let targets)),
      (.installationID, .string(.equals, let targets)):
      guard !targets.isEmpty else { break }
      return "\(signal) in \(list(targets))"
    case (.appVersion, .version(let op, let targets)), (.appBuild, .version(let op, let targets)):
      guard !targets.isEmpty else { break }
      return "\(signal).\(op.rawValue)(\(list(targets)))"
    case (.appVersion, .string(let op, let targets)), (.appBuild, .string(let op, let targets)),
      (.customSignal, .string(let op, let targets)), (.userProperty, .string(let op, let targets)):
      guard let method = method(op), !targets.isEmpty else { break }
      return "\(try name(signal)).\(method)(\(list(targets)))"
    case (.customSignal, .numeric(let op, let targets)),
      (.userProperty, .numeric(let op, let targets)):
      guard targets.count == 1, let literal = decimal(targets[0]) else { break }
      return "\(try name(signal)) \(op.rawValue) \(literal)"
    case (.customSignal, .version(let op, let targets)):
      guard targets.count == 1, (try? SemanticVersion(parsing: targets[0])) != nil else { break }
      return "version(\(try name(signal))) \(op.rawValue) \(quoted(targets[0]))"
    case (.audiences, .audience(let op, let targets)):
      guard !targets.isEmpty else { break }
      return "app.audiences.\(op.rawValue)(\(list(targets)))"
    case (.firstOpenTime, .time(let op, let target)):
      guard op != .equal, op != .notEqual else { break }
      return "app.firstOpenTimestamp \(op.rawValue) \(time(target))"
    case (.evaluationTime, .time(let op, let target)):
      guard op == .lessThan || op == .greaterOrEqual else { break }
      return "dateTime \(op.rawValue) dateTime\(time(target))"
    default:
      break
    }
    throw UnwritableCondition(
      "the client expression language has no test \(condition.test.summary) of \(signal)")
  }

  private static func name(_ signal: Signal) throws(UnwritableCondition) -> String {
    switch signal {
    case .customSignal(let key), .userProperty(let key):
      guard !key.isEmpty else { throw UnwritableCondition("a signal key must not be empty") }
      let root = if case .customSignal = signal { "app.customSignal" } else { "app.userProperty" }
      return "\(root)[\(quoted(key))]"
    default:
      return signal.description
    }
  }

  private static func method(_ op: StringOperator) -> String? {
    switch op {
    case .exactlyMatches: "exactlyMatches"
    case .contains: "contains"
    case .doesNotContain: "notContains"
    case .containsRegex: "matches"
    case .equals, .notEquals: nil
    }
  }

  /// The literal if it is a number the expression lexer reads back unchanged.
  private static func decimal(_ text: String) -> String? {
    guard let tokens = try? ExpressionLexer.tokenize(text), tokens.count == 2,
      tokens[0].kind == .number(text)
    else { return nil }
    return text
  }

  private static func list(_ values: [String]) -> String {
    "[" + values.map(quoted).joined(separator: ", ") + "]"
  }

  private static func time(_ target: TimeTarget) -> String {
    "(" + quoted(target.text) + (target.zone.map { ", " + quoted($0) } ?? "") + ")"
  }

  /// A single-quoted string the lexer reads back as `text`: backslashes and quotes escaped.
  static func quoted(_ text: String) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "'" { result.unicodeScalars.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return result + "'"
  }
}

/// Why a condition has no spelling in the format asked for.
struct UnwritableCondition: Error {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}

extension SignalTest {
  /// The kind of test, for messages: `string equals`, `numeric <`, ...
  var summary: String {
    switch self {
    case .string(let op, _): "string \(op.rawValue)"
    case .numeric(let op, _): "numeric \(op.rawValue)"
    case .version(let op, _): "version \(op.rawValue)"
    case .audience(let op, _): "audience \(op.rawValue)"
    case .time(let op, _): "time \(op.rawValue)"
    }
  }
}
