import Core
import SwitchyardTestSupport

/// Random templates in both Firebase formats, built member by member so that most are close
/// to valid and the damage lands everywhere a reader looks: names, keys, values, value
/// types, condition trees, percent ranges, custom-signal operators and targets, versions.
/// Sizes are bounded by construction (a handful of conditions and parameters, trees a few
/// levels deep), so one template costs milliseconds whatever the seed.
struct TemplateGenerator {
  var random: SeededRandomGenerator
  /// Whether names, keys and values may hold text that must not reach a message verbatim:
  /// line breaks, controls, bidirectional overrides, thousands of characters.
  let hostileText: Bool

  init(seed: UInt64, hostileText: Bool) {
    random = SeededRandomGenerator(seed: seed)
    self.hostileText = hostileText
  }

  /// `HostileJSON.strings`, or only the plain ones.
  private var strings: [String] { HostileJSON.strings(hostileText: hostileText) }

  /// Condition names and parameter keys: plain, duplicated, empty, Unicode, and hostile.
  static let names = [
    "ios", "paid_tier", "ten_percent", "a", "b", "c", "welcome", "timeout_ms", "flag", "1bad",
    "a-b", "ключ", "名前",
  ]

  /// Parameter values, most of them worth checking against some value type.
  static let values = [
    "true", "false", "0", "12", "-3.5", "1e3", "NaN", "{\"a\":1}", "[1,2]", "[", "{", "null",
    "hello", "",
  ]

  static let valueTypes = [
    "STRING", "BOOLEAN", "NUMBER", "JSON", "PARAMETER_VALUE_TYPE_UNSPECIFIED", "bool", "",
  ]

  static let signalOperators = [
    "STRING_CONTAINS", "STRING_DOES_NOT_CONTAIN", "STRING_EXACTLY_MATCHES",
    "STRING_CONTAINS_REGEX", "NUMERIC_LESS_THAN", "NUMERIC_LESS_EQUAL", "NUMERIC_EQUAL",
    "NUMERIC_NOT_EQUAL", "NUMERIC_GREATER_THAN", "NUMERIC_GREATER_EQUAL",
    "SEMANTIC_VERSION_LESS_THAN", "SEMANTIC_VERSION_EQUAL", "SEMANTIC_VERSION_GREATER_EQUAL",
    "STRING_STARTS_WITH_FUTURE", "",
  ]

  static let percentOperators = ["LESS_OR_EQUAL", "GREATER_THAN", "BETWEEN", "UNKNOWN", ""]

  /// A name or key: usually from `names`, sometimes awkward (see `HostileJSON.strings`).
  mutating func name() -> String {
    random.chance(85) ? random.pick(Self.names) : random.pick(strings)
  }

  /// A whole template document, client format (expressions) or server format (trees).
  mutating func template(serverFormat: Bool) -> JSONValue {
    var root = JSONObject()
    var conditionNames: [String] = []
    if random.chance(90) {
      var conditions: [JSONValue] = []
      for _ in 0..<random.below(6) {
        let name = name()
        conditionNames.append(name)
        conditions.append(condition(named: name, serverFormat: serverFormat))
      }
      root["conditions"] = .array(conditions)
    }
    root["parameters"] = parameters(conditionNames)
    if random.chance(15) {
      var groups = JSONObject()
      for _ in 0..<(1 + random.below(2)) {
        groups[name()] = .object(
          JSONObject([
            ("description", .string("group")), ("parameters", parameters(conditionNames)),
          ])
        )
      }
      root["parameterGroups"] = .object(groups)
    }
    if random.chance(60) {
      let number: JSONValue =
        random.chance(70)
        ? .string(random.pick(["1", "266", "-1", "abc", "", "99999999999999999999"]))
        : HostileJSON.number(random.pick(HostileJSON.numberLiterals))
      root["version"] = .object(JSONObject([("versionNumber", number)]))
    }
    if random.chance(40) { root["etag"] = .string("etag-\(random.below(100))") }
    var document = JSONValue.object(root)
    // Now and then, damage one member anywhere in the otherwise well-formed document.
    if random.chance(25) {
      document = HostileJSON.mutate(document, hostileText: hostileText, random: &random)
    }
    return document
  }

  private mutating func condition(named name: String, serverFormat: Bool) -> JSONValue {
    var object = JSONObject([("name", .string(name))])
    if serverFormat {
      object["condition"] = node(depth: 0)
    } else {
      object["expression"] = .string(ExpressionCorpus.expression(&random))
    }
    if random.chance(10) { object["tagColor"] = .string("BLUE") }
    return .object(object)
  }

  /// A server condition node: `or`/`and` near the root, leaves below, at most five deep.
  private mutating func node(depth: Int) -> JSONValue {
    let kind: String
    if depth < 2 {
      kind = depth == 0 ? "orCondition" : "andCondition"
    } else if depth < 5 && random.chance(20) {
      kind = random.pick(["orCondition", "andCondition"])
    } else {
      kind = random.pick(["customSignal", "customSignal", "percent", "true", "false", "future"])
    }
    let body: JSONValue
    switch kind {
    case "orCondition", "andCondition":
      body = .object(
        JSONObject([
          ("conditions", .array((0..<(1 + random.below(3))).map { _ in node(depth: depth + 1) }))
        ]))
    case "customSignal": body = customSignal()
    case "percent": body = percent()
    default: body = .object(JSONObject())
    }
    var result = JSONObject([(kind, body)])
    // Firebase's own tests put members beside the kind, such as `"name": ""`.
    if random.chance(5) { result["name"] = .string("") }
    return .object(result)
  }

  private mutating func customSignal() -> JSONValue {
    let operatorName = random.pick(Self.signalOperators)
    var targets: [JSONValue] = []
    for _ in 0..<random.below(4) {
      if operatorName.hasSuffix("REGEX") {
        targets.append(.string(RegexCorpus.pattern(&random)))
      } else if random.chance(20) {
        targets.append(HostileJSON.number(random.pick(HostileJSON.numberLiterals)))
      } else {
        targets.append(.string(random.pick(Self.values + ["1.2.3", "2.0", "a.b", "paid"])))
      }
    }
    return .object(
      JSONObject([
        ("customSignalOperator", .string(operatorName)),
        ("customSignalKey", .string(random.chance(90) ? random.pick(["s", "tier", "n"]) : name())),
        ("targetCustomSignalValues", .array(targets)),
      ]))
  }

  private mutating func percent() -> JSONValue {
    func micro(_ random: inout SeededRandomGenerator) -> JSONValue {
      random.chance(80)
        ? .number(JSONNumber(random.below(100_000_001)))
        : HostileJSON.number(random.pick(HostileJSON.numberLiterals))
    }
    var object = JSONObject([
      ("percentOperator", .string(random.pick(Self.percentOperators))),
      ("seed", .string(random.chance(80) ? "seed-\(random.below(10))" : name())),
    ])
    if random.chance(50) {
      object["microPercent"] = micro(&random)
    } else {
      object["microPercentRange"] = .object(
        JSONObject([
          ("microPercentLowerBound", micro(&random)), ("microPercentUpperBound", micro(&random)),
        ]))
    }
    return .object(object)
  }

  private mutating func parameters(_ conditionNames: [String]) -> JSONValue {
    var parameters = JSONObject()
    for _ in 0..<random.below(8) {
      var parameter = JSONObject()
      if random.chance(90) { parameter["defaultValue"] = value() }
      if random.chance(60) {
        var conditional = JSONObject()
        for _ in 0..<(1 + random.below(3)) {
          let condition =
            conditionNames.isEmpty || random.chance(10) ? name() : random.pick(conditionNames)
          conditional[condition] = value()
        }
        parameter["conditionalValues"] = .object(conditional)
      }
      if random.chance(50) { parameter["valueType"] = .string(random.pick(Self.valueTypes)) }
      if random.chance(10) { parameter["description"] = .string(name()) }
      parameters[name()] = .object(parameter)
    }
    return .object(parameters)
  }

  private mutating func value() -> JSONValue {
    switch random.below(12) {
    case 0: return .object(JSONObject([("useInAppDefault", .bool(true))]))
    case 1: return .object(JSONObject([("rolloutValue", .object(JSONObject()))]))
    case 2: return .object(JSONObject())
    case 3: return .object(JSONObject([("value", .string(random.pick(strings)))]))
    default: return .object(JSONObject([("value", .string(random.pick(Self.values)))]))
    }
  }
}
