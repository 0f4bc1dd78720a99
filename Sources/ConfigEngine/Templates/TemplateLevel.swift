/// One kind of JSON object in a template, with the members Firebase defines for it: what the
/// reader models, what it keeps without modeling, and what it warns about.
enum TemplateLevel {
  case template, condition, parameter, group, version
  /// A server condition node and the objects inside one.
  case conditionNode, conditionList, percent, percentRange, customSignal

  /// The members the model has properties for.
  var modeledMembers: Set<String> {
    switch self {
    case .template: ["conditions", "parameters", "parameterGroups", "version", "etag"]
    case .condition: ["name", "expression", "condition", "tagColor"]
    case .parameter: ["defaultValue", "conditionalValues", "description", "valueType"]
    case .group: ["description", "parameters"]
    case .version: ["versionNumber", "description"]
    case .conditionNode: Set(Self.conditionKinds)
    case .conditionList: ["conditions"]
    case .percent: ["percentOperator", "seed", "microPercent", "microPercentRange"]
    case .percentRange: ["microPercentLowerBound", "microPercentUpperBound"]
    case .customSignal: ["customSignalOperator", "customSignalKey", "targetCustomSignalValues"]
    }
  }

  /// Members Firebase defines that Switchyard keeps as read without modeling them: no
  /// warning for these.
  var firebaseMembers: Set<String> {
    switch self {
    case .version:
      ["updateTime", "updateUser", "updateOrigin", "updateType", "rollbackSource", "isLegacy"]
    case .template, .condition, .parameter, .group, .conditionNode, .conditionList, .percent,
      .percentRange, .customSignal:
      []
    }
  }

  /// The kinds a server condition node may hold, in the order Firebase's evaluators look for
  /// them.
  static let conditionKinds = [
    "orCondition", "andCondition", "true", "false", "percent", "customSignal",
  ]

  /// Members written beside a condition node's kind that are never a kind themselves:
  /// Firebase's own tests write `{"name": "", "true": {}}`.
  static let conditionNodeNonKindMembers: Set<String> = ["name"]

  /// What this object holds in Firebase's format, for messages.
  var description: String {
    switch self {
    case .template: "a template holds conditions, parameters, parameterGroups, version and etag"
    case .condition:
      "a condition holds name, expression (client templates) or condition (server templates),"
        + " and tagColor"
    case .parameter: "a parameter holds defaultValue, conditionalValues, description and valueType"
    case .group: "a parameter group holds description and parameters"
    case .version:
      "a version holds versionNumber, description, updateTime, updateUser, updateOrigin,"
        + " updateType, rollbackSource and isLegacy"
    case .conditionNode:
      "a condition node holds one of " + Self.conditionKinds.joined(separator: ", ")
    case .conditionList: "andCondition and orCondition hold conditions"
    case .percent:
      "a percent condition holds percentOperator, seed, microPercent and microPercentRange"
    case .percentRange: "a range holds microPercentLowerBound and microPercentUpperBound"
    case .customSignal:
      "a custom signal condition holds customSignalOperator, customSignalKey and"
        + " targetCustomSignalValues"
    }
  }

  /// The warning for a member `name` Firebase does not define here.
  func unknownMemberMessage(_ name: String) -> String {
    "unknown member '\(ConditionSyntaxError.shortened(name))' is ignored (and kept when the"
      + " template is written back); in Firebase's format \(description)"
  }
}
