import Core

/// Spells a `Condition` as a server template's condition tree, the inverse of
/// `ServerConditionReader`: `orCondition`, `andCondition`, `true`, `false`, `percent` and
/// `customSignal` nodes.
///
/// Server templates test custom signals and percents only; a condition on another signal
/// (`device.os`, ...), a string test Firebase's server format lacks (`equals`) or a condition
/// of unknown kind is refused with the reason.
enum ConditionTreeWriter {
  /// The tree for `condition`.
  /// - Throws: `UnwritableCondition` saying what the server format cannot express.
  static func tree(_ condition: Condition) throws(UnwritableCondition) -> JSONValue {
    switch condition {
    case .constant(let value):
      return .object(JSONObject([(value ? "true" : "false", .object(JSONObject()))]))
    case .and(let members):
      return try list("andCondition", members)
    case .or(let members):
      return try list("orCondition", members)
    case .percent(let percent):
      var body = JSONObject()
      let operatorName: String
      switch percent.range {
      case .atMost: operatorName = "LESS_OR_EQUAL"
      case .above: operatorName = "GREATER_THAN"
      case .between: operatorName = "BETWEEN"
      case .unknown(let name): operatorName = name
      }
      body["percentOperator"] = .string(operatorName)
      if !percent.seed.isEmpty { body["seed"] = .string(percent.seed) }
      switch percent.range {
      case .atMost(let bound), .above(let bound):
        body["microPercent"] = .number(JSONNumber(bound))
      case .between(let lower, let upper):
        body["microPercentRange"] = [
          "microPercentLowerBound": .number(JSONNumber(lower)),
          "microPercentUpperBound": .number(JSONNumber(upper)),
        ]
      case .unknown:
        break
      }
      return .object(JSONObject([("percent", .object(body))]))
    case .signal(let signal):
      guard case .customSignal(let key) = signal.signal else {
        throw UnwritableCondition(
          "server templates test custom signals and percents only, not \(signal.signal)")
      }
      let targets: [String]
      switch signal.test {
      case .string(_, let values), .numeric(_, let values), .version(_, let values):
        targets = values
      case .audience, .time:
        targets = []
      }
      guard
        let name = ServerConditionReader.operatorNames.first(where: {
          ServerConditionReader.test($0, targets) == signal.test
        })
      else {
        throw UnwritableCondition(
          "server templates have no \(signal.test.summary) test of custom signals")
      }
      let body: JSONValue = [
        "customSignalOperator": .string(name), "customSignalKey": .string(key),
        "targetCustomSignalValues": .array(targets.map(JSONValue.string)),
      ]
      return .object(JSONObject([("customSignal", body)]))
    case .unknown(let reason):
      throw UnwritableCondition("\(reason); Switchyard cannot write it")
    }
  }

  private static func list(
    _ kind: String, _ members: [Condition]
  ) throws(UnwritableCondition) -> JSONValue {
    var children: [JSONValue] = []
    for member in members { children.append(try tree(member)) }
    let body: JSONValue = ["conditions": .array(children)]
    return .object(JSONObject([(kind, body)]))
  }
}
