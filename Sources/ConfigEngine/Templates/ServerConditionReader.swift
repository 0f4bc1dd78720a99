import Core

/// Reads a server template's condition tree (`orCondition`, `andCondition`, `true`, `false`,
/// `percent`, `customSignal`) into the shared `Condition` model, collecting problems.
struct ServerConditionReader {
  let conditionName: String
  private(set) var problems: [TemplateProblem] = []

  init(conditionName: String) {
    self.conditionName = conditionName
  }

  private mutating func error(_ location: String, _ message: String) {
    problems.append(TemplateProblem(.error, at: location, message))
  }

  private mutating func warning(_ location: String, _ message: String) {
    problems.append(TemplateProblem(.warning, at: location, message))
  }

  /// Warnings for the members of `object` that `level` does not define.
  private mutating func warnAboutOtherMembers(
    of object: JSONObject, at path: String, in level: TemplateLevel
  ) {
    for (name, _) in object where !level.modeledMembers.contains(name) {
      warning("\(path).\(name)", level.unknownMemberMessage(name))
    }
  }

  /// Reads one node; a malformed node becomes `.unknown` (false) with an error.
  ///
  /// A node holds one kind. Other members beside it (Firebase's own tests write
  /// `{"name": "", "true": {}}`) are ignored with a warning, and a node holding no kind
  /// Switchyard knows, or an operator it does not know, evaluates to false with a warning of
  /// kind `.unknownConditionElement` (the client format's rule and wording,
  /// `UnknownConditionElement`), as in Firebase's evaluators, so a template written for a
  /// newer Firebase still loads.
  mutating func read(_ value: JSONValue, path: String) -> Condition {
    guard case .object(let node) = value else {
      error(path, "expected a condition object, found \(value.kindDescription)")
      return .unknown("malformed")
    }
    let kinds = TemplateLevel.conditionKinds.filter { node[$0] != nil }
    guard kinds.count <= 1 else {
      error(
        path, "a condition node holds exactly one kind, found \(kinds.joined(separator: ", "))")
      return .unknown("malformed")
    }
    // With no kind Switchyard knows, the kind is the first member that is not a known
    // non-kind member (the `name` Firebase's own tests write beside a kind).
    let unknownKind = node.lazy.map(\.key).first {
      !TemplateLevel.conditionNodeNonKindMembers.contains($0)
    }
    guard let kind = kinds.first ?? unknownKind, let body = node[kind] else {
      error(
        path,
        "empty condition; expected one of "
          + TemplateLevel.conditionKinds.joined(separator: ", "))
      return .unknown("malformed")
    }
    let location = "\(path).\(kind)"
    guard kinds.first != nil else {
      let subject = "condition kind \(ConditionSyntaxError.quoted(kind))"
      problems.append(
        UnknownConditionElement.problem(
          subject,
          detail: "Firebase's kinds are \(TemplateLevel.conditionKinds.joined(separator: ", "))",
          at: location))
      for (name, _) in node where name != kind {
        warning("\(path).\(name)", TemplateLevel.conditionNode.unknownMemberMessage(name))
      }
      return .unknown(UnknownConditionElement.reason(subject))
    }
    warnAboutOtherMembers(of: node, at: path, in: .conditionNode)
    switch kind {
    case "orCondition": return .or(readChildren(body, path: location))
    case "andCondition": return .and(readChildren(body, path: location))
    case "true": return .constant(true)
    case "false": return .constant(false)
    case "percent": return readPercent(body, path: location)
    default: return readCustomSignal(body, path: location)
    }
  }

  private mutating func readChildren(_ value: JSONValue, path: String) -> [Condition] {
    guard case .object(let object) = value else {
      error(path, "expected an object with 'conditions', found \(value.kindDescription)")
      return []
    }
    warnAboutOtherMembers(of: object, at: path, in: .conditionList)
    guard let list = object["conditions"] else { return [] }
    guard case .array(let children) = list else {
      error(path + ".conditions", "expected an array, found \(list.kindDescription)")
      return []
    }
    return children.enumerated().map { index, child in
      read(child, path: "\(path).conditions[\(index)]")
    }
  }

  private mutating func readPercent(_ value: JSONValue, path: String) -> Condition {
    guard case .object(let object) = value else {
      error(path, "expected an object, found \(value.kindDescription)")
      return .unknown("malformed percent")
    }
    warnAboutOtherMembers(of: object, at: path, in: .percent)
    var seed = ""
    if let seedValue = object["seed"] {
      if case .string(let text) = seedValue {
        seed = text
      } else {
        error(path + ".seed", "expected a string, found \(seedValue.kindDescription)")
      }
    }
    // Firebase's evaluator reads absent bounds as 0.
    let micro = microPercent(object["microPercent"], at: path + ".microPercent")
    var rangeObject = JSONObject()
    if let range = object["microPercentRange"] {
      if case .object(let fields) = range {
        rangeObject = fields
        warnAboutOtherMembers(of: fields, at: path + ".microPercentRange", in: .percentRange)
      } else {
        error(
          path + ".microPercentRange",
          "expected an object with microPercentLowerBound and microPercentUpperBound, found"
            + " \(range.kindDescription)")
      }
    }
    let lower = microPercent(
      rangeObject["microPercentLowerBound"], at: path + ".microPercentRange.microPercentLowerBound"
    )
    let upper = microPercent(
      rangeObject["microPercentUpperBound"], at: path + ".microPercentRange.microPercentUpperBound"
    )
    let operatorName = object["percentOperator"]?.stringValue ?? ""
    switch operatorName {
    case "LESS_OR_EQUAL": return .percent(PercentCondition(seed: seed, range: .atMost(micro)))
    case "GREATER_THAN": return .percent(PercentCondition(seed: seed, range: .above(micro)))
    case "BETWEEN":
      return .percent(PercentCondition(seed: seed, range: .between(lower: lower, upper: upper)))
    default:
      problems.append(
        UnknownConditionElement.problem(
          UnknownConditionElement.percentOperator(operatorName),
          detail: "Firebase's operators are LESS_OR_EQUAL, GREATER_THAN and BETWEEN",
          at: path + ".percentOperator"))
      return .percent(PercentCondition(seed: seed, range: .unknown(operatorName)))
    }
  }

  private mutating func microPercent(_ value: JSONValue?, at location: String) -> Int {
    guard let value else { return 0 }
    guard case .number(let number) = value, let micro = number.intValue,
      (0...PercentCondition.microPercentScale).contains(micro)
    else {
      error(location, "expected an integer micro-percent 0...100000000, found \(value.jsonText)")
      return 0
    }
    return micro
  }

  private mutating func readCustomSignal(_ value: JSONValue, path: String) -> Condition {
    guard case .object(let object) = value else {
      error(path, "expected an object, found \(value.kindDescription)")
      return .unknown("malformed customSignal")
    }
    warnAboutOtherMembers(of: object, at: path, in: .customSignal)
    // The operator first: Firebase's evaluators answer false for one they do not know
    // whatever else the node holds, so a newer operator with a newer shape still loads.
    let operatorName = object["customSignalOperator"]?.stringValue ?? ""
    guard let makeTest = Self.operators.first(where: { $0.name == operatorName })?.test else {
      let subject = "custom signal operator \(ConditionSyntaxError.quoted(operatorName))"
      problems.append(
        UnknownConditionElement.problem(
          subject,
          detail: "Firebase's operators are " + Self.operatorNames.joined(separator: ", "),
          at: path + ".customSignalOperator"))
      return .unknown(UnknownConditionElement.reason(subject))
    }
    guard case .string(let key)? = object["customSignalKey"], !key.isEmpty else {
      error(path + ".customSignalKey", "every custom signal condition needs a key")
      return .unknown("malformed customSignal")
    }
    var targets: [String] = []
    switch object["targetCustomSignalValues"] {
    case .array(let values)?:
      for (index, target) in values.enumerated() {
        switch target {
        case .string(let text): targets.append(text)
        case .number(let number): targets.append(number.literal)
        default:
          error(
            "\(path).targetCustomSignalValues[\(index)]",
            "expected a string, found \(target.kindDescription)")
        }
      }
    case let other?:
      error(path + ".targetCustomSignalValues", "expected an array, found \(other.kindDescription)")
    case nil:
      break
    }
    if targets.isEmpty {
      warning(path + ".targetCustomSignalValues", "no target values: the condition is always false")
    }
    return .signal(SignalCondition(.customSignal(key), makeTest(targets)))
  }

  /// Firebase's custom signal operators and the test each makes of its targets.
  private static let operators: [(name: String, test: @Sendable ([String]) -> SignalTest)] = [
    ("STRING_CONTAINS", { .string(.contains, $0) }),
    ("STRING_DOES_NOT_CONTAIN", { .string(.doesNotContain, $0) }),
    ("STRING_EXACTLY_MATCHES", { .string(.exactlyMatches, $0) }),
    ("STRING_CONTAINS_REGEX", { .string(.containsRegex, $0) }),
    ("NUMERIC_LESS_THAN", { .numeric(.lessThan, $0) }),
    ("NUMERIC_LESS_EQUAL", { .numeric(.lessOrEqual, $0) }),
    ("NUMERIC_EQUAL", { .numeric(.equal, $0) }),
    ("NUMERIC_NOT_EQUAL", { .numeric(.notEqual, $0) }),
    ("NUMERIC_GREATER_THAN", { .numeric(.greaterThan, $0) }),
    ("NUMERIC_GREATER_EQUAL", { .numeric(.greaterOrEqual, $0) }),
    ("SEMANTIC_VERSION_LESS_THAN", { .version(.lessThan, $0) }),
    ("SEMANTIC_VERSION_LESS_EQUAL", { .version(.lessOrEqual, $0) }),
    ("SEMANTIC_VERSION_EQUAL", { .version(.equal, $0) }),
    ("SEMANTIC_VERSION_NOT_EQUAL", { .version(.notEqual, $0) }),
    ("SEMANTIC_VERSION_GREATER_THAN", { .version(.greaterThan, $0) }),
    ("SEMANTIC_VERSION_GREATER_EQUAL", { .version(.greaterOrEqual, $0) }),
  ]

  /// Firebase's custom signal operator names, in the order of its documentation.
  static var operatorNames: [String] { operators.map(\.name) }

  /// The test operator `name` makes of `targets`, or nil for a name Firebase does not define.
  static func test(_ name: String, _ targets: [String]) -> SignalTest? {
    operators.first { $0.name == name }?.test(targets)
  }
}
