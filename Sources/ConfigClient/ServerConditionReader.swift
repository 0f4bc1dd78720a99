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

  /// Reads one node; a malformed node becomes `.unknown` (false) with an error.
  mutating func read(_ value: JSONValue, path: String) -> Condition {
    guard case .object(let node) = value else {
      error(path, "expected a condition object, found \(value.kindDescription)")
      return .unknown("malformed")
    }
    guard node.count == 1, let kind = node.keys.first, let body = node[kind] else {
      error(
        path,
        node.isEmpty
          ? "empty condition; expected one of orCondition, andCondition, true, false, percent, customSignal"
          : "a condition node holds exactly one kind, found \(node.keys.joined(separator: ", "))")
      return .unknown("malformed")
    }
    let location = "\(path).\(kind)"
    switch kind {
    case "orCondition": return .or(readChildren(body, path: location))
    case "andCondition": return .and(readChildren(body, path: location))
    case "true": return .constant(true)
    case "false": return .constant(false)
    case "percent": return readPercent(body, path: location)
    case "customSignal": return readCustomSignal(body, path: location)
    default:
      warning(location, "unknown condition kind '\(kind)' evaluates to false")
      return .unknown(kind)
    }
  }

  private mutating func readChildren(_ value: JSONValue, path: String) -> [Condition] {
    guard case .object(let object) = value else {
      error(path, "expected an object with 'conditions', found \(value.kindDescription)")
      return []
    }
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
    let rangeObject = object["microPercentRange"]?.objectValue
    let lower = microPercent(
      rangeObject?["microPercentLowerBound"], at: path + ".microPercentRange.microPercentLowerBound"
    )
    let upper = microPercent(
      rangeObject?["microPercentUpperBound"], at: path + ".microPercentRange.microPercentUpperBound"
    )
    let operatorName = object["percentOperator"]?.stringValue ?? ""
    switch operatorName {
    case "LESS_OR_EQUAL": return .percent(PercentCondition(seed: seed, range: .atMost(micro)))
    case "GREATER_THAN": return .percent(PercentCondition(seed: seed, range: .above(micro)))
    case "BETWEEN":
      return .percent(PercentCondition(seed: seed, range: .between(lower: lower, upper: upper)))
    default:
      warning(
        path + ".percentOperator",
        "unknown percent operator '\(operatorName)' evaluates to false; expected LESS_OR_EQUAL, GREATER_THAN or BETWEEN"
      )
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
    let operatorName = object["customSignalOperator"]?.stringValue ?? ""
    guard let test = Self.test(operatorName, targets) else {
      warning(
        path + ".customSignalOperator",
        "unknown custom signal operator '\(operatorName)' evaluates to false")
      return .unknown("customSignal operator '\(operatorName)'")
    }
    return .signal(SignalCondition(.customSignal(key), test))
  }

  private static func test(_ name: String, _ targets: [String]) -> SignalTest? {
    switch name {
    case "STRING_CONTAINS": .string(.contains, targets)
    case "STRING_DOES_NOT_CONTAIN": .string(.doesNotContain, targets)
    case "STRING_EXACTLY_MATCHES": .string(.exactlyMatches, targets)
    case "STRING_CONTAINS_REGEX": .string(.containsRegex, targets)
    case "NUMERIC_LESS_THAN": .numeric(.lessThan, targets)
    case "NUMERIC_LESS_EQUAL": .numeric(.lessOrEqual, targets)
    case "NUMERIC_EQUAL": .numeric(.equal, targets)
    case "NUMERIC_NOT_EQUAL": .numeric(.notEqual, targets)
    case "NUMERIC_GREATER_THAN": .numeric(.greaterThan, targets)
    case "NUMERIC_GREATER_EQUAL": .numeric(.greaterOrEqual, targets)
    case "SEMANTIC_VERSION_LESS_THAN": .version(.lessThan, targets)
    case "SEMANTIC_VERSION_LESS_EQUAL": .version(.lessOrEqual, targets)
    case "SEMANTIC_VERSION_EQUAL": .version(.equal, targets)
    case "SEMANTIC_VERSION_NOT_EQUAL": .version(.notEqual, targets)
    case "SEMANTIC_VERSION_GREATER_THAN": .version(.greaterThan, targets)
    case "SEMANTIC_VERSION_GREATER_EQUAL": .version(.greaterOrEqual, targets)
    default: nil
    }
  }
}
