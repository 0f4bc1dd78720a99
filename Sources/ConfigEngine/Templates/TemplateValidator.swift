import Core

/// Checks a template the way Firebase's console would, and more: JSON and expression syntax
/// with positions, undefined and unused conditions, key names, duplicate keys across groups,
/// values that do not match their `valueType`, targets that can never match, and size limits.
///
/// A part of a condition this version does not know, which reading lets through as a warning,
/// is an error here (`refusingUnknownElements`): Firebase refuses it at publish, so in a file
/// a person wrote it is almost always a typo.
public struct TemplateValidator: Sendable {
  /// Firebase's limit on parameters per template.
  public static let maximumParameters = 3_000
  /// Firebase's limit on conditions per template.
  public static let maximumConditions = 2_000
  /// Firebase's limit on a template's size, in bytes.
  public static let maximumTemplateBytes = 1_000_000
  /// Firebase's limit on a key's length, in characters.
  public static let maximumKeyLength = 256
  /// The colors Firebase's console tags a condition with (`tagColor`).
  public static let tagColors = [
    "BLUE", "BROWN", "CYAN", "DEEP_ORANGE", "GREEN", "INDIGO", "LIME", "ORANGE", "PINK", "PURPLE",
    "TEAL", "CONDITION_DISPLAY_COLOR_UNSPECIFIED",
  ]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init() {}

  /// Every problem in a template document, errors and warnings, in document order.
  public func validate(utf8 bytes: some Collection<UInt8>) -> [TemplateProblem] {
    read(utf8: bytes).problems
  }

  /// Reads a template document and checks it: the template as read (nil when the document
  /// is not a JSON object) with every problem in it, so a caller that reports on the template
  /// too (its size, say) does not read the document a second time.
  public func read(utf8 bytes: some Collection<UInt8>) -> TemplateReader.Result {
    var problems: [TemplateProblem] = []
    if bytes.count > Self.maximumTemplateBytes {
      problems.append(
        TemplateProblem(
          .error, at: "",
          "the template is \(bytes.count) bytes; Firebase's limit is \(Self.maximumTemplateBytes)"))
    }
    let result = TemplateReader().read(utf8: bytes)
    problems += result.problems.map(Self.refusingUnknownElements)
    if let template = result.template {
      problems += check(template)
    }
    return TemplateReader.Result(template: result.template, problems: problems)
  }

  /// `problem` as `validate` reports it: a part of a condition this version does not know,
  /// which reading lets through as a warning (that part false), is an error with a hint, since
  /// Firebase refuses at publish what it does not know. Every other problem is as read.
  static func refusingUnknownElements(_ problem: TemplateProblem) -> TemplateProblem {
    guard problem.kind == .unknownConditionElement else { return problem }
    return TemplateProblem(
      .error, at: problem.location,
      problem.message + "; " + UnknownConditionElement.validationHint, kind: problem.kind)
  }

  /// The problems a parsed template has beyond what reading reports.
  public func check(_ template: Template) -> [TemplateProblem] {
    var problems: [TemplateProblem] = []
    func error(_ location: String, _ message: String) {
      problems.append(TemplateProblem(.error, at: location, message))
    }
    if template.parameters.count > Self.maximumParameters {
      error(
        "parameters",
        "\(template.parameters.count) parameters; Firebase's limit is \(Self.maximumParameters)")
    }
    if template.conditions.count > Self.maximumConditions {
      error(
        "conditions",
        "\(template.conditions.count) conditions; Firebase's limit is \(Self.maximumConditions)")
    }
    let conditionNames = Set(template.conditions.map(\.name))
    var usedConditions: Set<String> = []
    var firstLocation: [String: String] = [:]
    for parameter in template.parameters {
      let location = Self.location(of: parameter)
      if !Self.isValidKey(parameter.key) {
        error(
          location,
          "key '\(parameter.key)' must match ^[a-zA-Z_][0-9a-zA-Z_]*$ (at most \(Self.maximumKeyLength) characters)"
        )
      }
      if let first = firstLocation[parameter.key] {
        error(
          location,
          "key '\(parameter.key)' is already defined at \(first); Firebase expects each key once,"
            + " in 'parameters' or in one group")
      } else {
        firstLocation[parameter.key] = location
      }
      if let value = parameter.defaultValue {
        problems += Self.checkType(value, parameter.valueType, at: location + ".defaultValue")
      }
      for conditional in parameter.conditionalValues {
        let valueLocation = "\(location).conditionalValues.\(conditional.conditionName)"
        usedConditions.insert(conditional.conditionName)
        if !conditionNames.contains(conditional.conditionName) {
          error(
            valueLocation,
            "condition '\(conditional.conditionName)' is not defined in 'conditions'; Firebase"
              + " expects every conditional value to name a condition of the template: add it to"
              + " 'conditions' or remove this value")
        }
        problems += Self.checkType(conditional.value, parameter.valueType, at: valueLocation)
      }
    }
    for condition in template.conditions where !usedConditions.contains(condition.name) {
      problems.append(
        TemplateProblem(
          .warning, at: "condition '\(condition.name)'", "no parameter uses this condition"))
    }
    for condition in template.conditions {
      if let color = condition.tagColor, !Self.tagColors.contains(color) {
        // A warning, not an error: a newer Firebase may add colors.
        problems.append(
          TemplateProblem(
            .warning, at: "condition '\(condition.name)'.tagColor",
            "\(ConditionSyntaxError.quoted(color)) is not one of Firebase's tag colors ("
              + Self.tagColors.joined(separator: ", ") + ")"))
      }
      if let path = Self.firstNodePastNestingLimit(condition.condition, level: 0, path: "condition")
      {
        problems.append(
          TemplateProblem(
            .warning, at: "condition '\(condition.name)'",
            "nested past Firebase's limit of \(ConditionProgram.maximumNestingLevel) levels (each"
              + " orCondition and andCondition adds 2): \(path) and everything under it is"
              + " always false"))
      }
    }
    problems += CompiledTemplate(template).diagnostics
    return problems
  }

  /// The path of the first node, in document order, that Firebase's evaluators reach at
  /// or past their nesting limit and so answer false without looking: the children of an
  /// `orCondition` or `andCondition` are two levels deeper than it.
  private static func firstNodePastNestingLimit(
    _ condition: Condition, level: Int, path: String
  ) -> String? {
    guard level < ConditionProgram.maximumNestingLevel else { return path }
    let kind: String
    let children: [Condition]
    switch condition {
    case .and(let members): (kind, children) = ("andCondition", members)
    case .or(let members): (kind, children) = ("orCondition", members)
    case .constant, .percent, .signal, .unknown: return nil
    }
    for (index, child) in children.enumerated() {
      if let found = firstNodePastNestingLimit(
        child, level: level + 2, path: "\(path).\(kind).conditions[\(index)]")
      {
        return found
      }
    }
    return nil
  }

  private static func location(of parameter: TemplateParameter) -> String {
    parameter.group.map { "parameterGroups.\($0).parameters.\(parameter.key)" }
      ?? "parameters.\(parameter.key)"
  }

  /// Whether `key` is a valid Firebase parameter key.
  public static func isValidKey(_ key: String) -> Bool {
    guard let first = key.utf8.first, key.utf8.count <= maximumKeyLength else { return false }
    func isLetter(_ byte: UInt8) -> Bool {
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
    guard isLetter(first) else { return false }
    return key.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
  }

  private static func checkType(
    _ value: ParameterValue, _ type: ConfigValueType?, at location: String
  ) -> [TemplateProblem] {
    guard case .value(let text) = value, let type else { return [] }
    let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
    switch type {
    case .string:
      return []
    case .boolean:
      guard text != "true", text != "false" else { return [] }
      return [
        TemplateProblem(
          .error, at: location, "\"\(shown)\" is not a BOOLEAN (expected true or false)")
      ]
    case .number:
      guard ConfigValueParser.number(text) == nil else { return [] }
      return [TemplateProblem(.error, at: location, "\"\(shown)\" is not a NUMBER")]
    case .json:
      do {
        _ = try JSONParser().parse(text)
        return []
      } catch {
        return [TemplateProblem(.error, at: location, "\"\(shown)\" is not JSON (\(error))")]
      }
    }
  }
}
