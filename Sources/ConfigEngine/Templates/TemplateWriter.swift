public import Core

/// Writes a `Template` back as Firebase template JSON: the template as it was read, plus the
/// edits made to it in code.
///
/// What the model holds is written from the model, so edits show: a changed default value, an
/// added conditional value, reordered conditions, a new parameter or group. Everything the
/// model does not hold is written back unchanged: each object's `otherMembers` (members
/// Switchyard does not know, `version.updateTime` and the like), the bodies of rollout,
/// personalization and experiment values, and the order of every object's members. A
/// condition is written from its source (`expression` or `conditionJSON`) verbatim while that
/// still reads as its `condition`, and spelled anew in the same format once `condition` was
/// changed. Reading the output gives back an equal `Template`.
///
/// Members made in code, with no place remembered, follow Firebase's order (`conditions`,
/// `parameters`, `parameterGroups`, `version`, `etag`; `defaultValue`, `conditionalValues`,
/// `description`, `valueType`). A condition made in code is written in the template's format:
/// as an expression when another condition has one, as a tree when another has a tree, else
/// as an expression when the language can say it and as a tree otherwise.
public struct TemplateWriter: Sendable {
  /// What the output is for, which decides the members written.
  public enum Purpose: Sendable, Hashable {
    /// Everything, as read plus edits: for files, caches and tools.
    case document
    /// The body of a publish (`PUT .../remoteConfig`): everything except what Firebase
    /// computes itself. `version` keeps only its `description` and `etag` is left out (it
    /// travels in the `If-Match` header), as Firebase's Admin SDKs send it.
    case publishing
  }

  /// What the output is for.
  public var purpose: Purpose

  /// A writer for `purpose`.
  public init(purpose: Purpose = .document) {
    self.purpose = purpose
  }

  /// The template as a JSON document.
  /// - Throws: `TemplateWriteError` when an edit made in code has no spelling in Firebase's
  ///   format (see `TemplateWriteError`); templates as read always write.
  public func document(_ template: Template) throws(TemplateWriteError) -> JSONValue {
    var session = TemplateWriting(template: template, purpose: purpose)
    return .object(try session.root())
  }

  /// The template as JSON text, indented by two spaces (or on one line when `pretty` is
  /// false).
  /// - Throws: `TemplateWriteError`, as `document(_:)`.
  public func text(_ template: Template, pretty: Bool = true) throws(TemplateWriteError)
    -> String
  {
    let document = try document(template)
    return pretty ? document.prettyJSONText : document.jsonText
  }

  /// `value` as a template spells it: `{"value": ...}`, `{"useInAppDefault": true}` or
  /// `{kind: body}`, for reports that show a value as the template has it.
  package static func value(_ value: ParameterValue) -> JSONObject {
    TemplateWriting.value(value)
  }
}

extension Template {
  /// The template as a JSON document, as `TemplateWriter().document(self)` writes it.
  /// - Throws: `TemplateWriteError` when an edit has no spelling in Firebase's format.
  public func jsonDocument() throws(TemplateWriteError) -> JSONValue {
    try TemplateWriter().document(self)
  }

  /// The template as indented JSON text, as `TemplateWriter().text(self)` writes it.
  /// - Throws: `TemplateWriteError` when an edit has no spelling in Firebase's format.
  public func jsonText() throws(TemplateWriteError) -> String {
    try TemplateWriter().text(self)
  }
}

/// One write: the template, the purpose and the format for conditions made in code.
private struct TemplateWriting {
  let template: Template
  let purpose: TemplateWriter.Purpose
  /// Whether conditions made in code are written as expressions (client templates).
  let writesExpressions: Bool?

  init(template: Template, purpose: TemplateWriter.Purpose) {
    self.template = template
    self.purpose = purpose
    if template.conditions.contains(where: { $0.expression != nil }) {
      writesExpressions = true
    } else if template.conditions.contains(where: { $0.conditionJSON != nil }) {
      writesExpressions = false
    } else {
      writesExpressions = nil
    }
  }

  mutating func root() throws(TemplateWriteError) -> JSONObject {
    let others = template.otherMembers
    var conditions: [JSONValue] = []
    for named in template.conditions {
      conditions.append(.object(try condition(named)))
    }
    let topLevel = template.parameters.filter { $0.group == nil }
    var groupObject = JSONObject()
    for name in groupNames() {
      let group = template.parameterGroups.first { $0.name == name } ?? ParameterGroup(name: name)
      guard groupObject[name] == nil else {
        throw TemplateWriteError(at: "parameterGroups.\(name)", "two groups have this name")
      }
      groupObject[name] = .object(try self.group(group))
    }
    var version: JSONValue?
    if let read = template.version {
      switch purpose {
      case .document: version = .object(self.version(read))
      case .publishing:
        version = read.description.map { .object(JSONObject([("description", .string($0))])) }
      }
    }
    return Self.object(
      [
        (
          "conditions",
          conditions.isEmpty && !others.order.contains("conditions") ? nil : .array(conditions)
        ),
        (
          "parameters",
          topLevel.isEmpty && !others.order.contains("parameters")
            ? nil : .object(try parameters(topLevel, at: "parameters"))
        ),
        (
          "parameterGroups",
          groupObject.isEmpty && !others.order.contains("parameterGroups")
            ? nil : .object(groupObject)
        ),
        ("version", version),
        ("etag", purpose == .document ? template.etag.map(JSONValue.string) : nil),
      ], others)
  }

  /// The groups in template order, then any group a parameter names that the template does
  /// not list.
  private func groupNames() -> [String] {
    var names = template.parameterGroups.map(\.name)
    var seen = Set(names)
    for parameter in template.parameters {
      if let group = parameter.group, seen.insert(group).inserted { names.append(group) }
    }
    return names
  }

  private func group(_ group: ParameterGroup) throws(TemplateWriteError) -> JSONObject {
    let members = template.parameters.filter { $0.group == group.name }
    return Self.object(
      [
        ("description", group.description.map(JSONValue.string)),
        (
          "parameters",
          .object(try parameters(members, at: "parameterGroups.\(group.name).parameters"))
        ),
      ], group.otherMembers)
  }

  private func version(_ version: TemplateVersion) -> JSONObject {
    let number: JSONValue? = version.number.map {
      version.numberIsJSONNumber ? .number(JSONNumber($0)) : .string(String($0))
    }
    return Self.object(
      [("versionNumber", number), ("description", version.description.map(JSONValue.string))],
      version.otherMembers)
  }

  // MARK: Conditions

  private func condition(_ named: NamedCondition) throws(TemplateWriteError) -> JSONObject {
    let location = "condition '\(named.name)'"
    let source: (name: String, value: JSONValue)
    do throws(UnwritableCondition) {
      source = try conditionSource(named)
    } catch {
      throw TemplateWriteError(at: location, error.message)
    }
    return Self.object(
      [
        ("name", .string(named.name)), (source.name, source.value),
        ("tagColor", named.tagColor.map(JSONValue.string)),
      ], named.otherMembers)
  }

  /// `("expression", text)` or `("condition", tree)`: the source as read while it still reads
  /// as the condition, else the condition spelled anew in the source's format.
  private func conditionSource(
    _ named: NamedCondition
  ) throws(UnwritableCondition) -> (name: String, value: JSONValue) {
    if let expression = named.expression {
      let reread: Condition
      do {
        reread = try ConditionExpressionParser.parseNotingUnknowns(
          expression, conditionName: named.name
        ).condition
      } catch {
        // The reader keeps an expression that did not parse as this placeholder.
        reread = .unknown("unparsable expression")
      }
      if reread == named.condition { return ("expression", .string(expression)) }
      return ("expression", .string(try ConditionExpressionWriter.expression(named.condition)))
    }
    if let tree = named.conditionJSON {
      var reader = ServerConditionReader(conditionName: named.name)
      if reader.read(tree, path: "") == named.condition { return ("condition", tree) }
      return ("condition", try ConditionTreeWriter.tree(named.condition))
    }
    switch writesExpressions {
    case true?:
      return ("expression", .string(try ConditionExpressionWriter.expression(named.condition)))
    case false?:
      return ("condition", try ConditionTreeWriter.tree(named.condition))
    case nil:
      if let text = try? ConditionExpressionWriter.expression(named.condition) {
        return ("expression", .string(text))
      }
      return ("condition", try ConditionTreeWriter.tree(named.condition))
    }
  }

  // MARK: Parameters

  private func parameters(
    _ parameters: [TemplateParameter], at path: String
  ) throws(TemplateWriteError) -> JSONObject {
    var object = JSONObject()
    for parameter in parameters {
      let location = "\(path).\(parameter.key)"
      guard object[parameter.key] == nil else {
        throw TemplateWriteError(at: location, "two parameters in one object have this key")
      }
      object[parameter.key] = .object(try self.parameter(parameter, at: location))
    }
    return object
  }

  private func parameter(
    _ parameter: TemplateParameter, at location: String
  ) throws(TemplateWriteError) -> JSONObject {
    let others = parameter.otherMembers
    var conditional = JSONObject()
    for entry in parameter.conditionalValues {
      guard conditional[entry.conditionName] == nil else {
        throw TemplateWriteError(
          at: "\(location).conditionalValues.\(entry.conditionName)",
          "two conditional values name this condition")
      }
      conditional[entry.conditionName] = .object(Self.value(entry.value, entry.otherMembers))
    }
    return Self.object(
      [
        (
          "defaultValue",
          parameter.defaultValue.map {
            .object(Self.value($0, parameter.defaultValueOtherMembers))
          }
        ),
        (
          "conditionalValues",
          conditional.isEmpty && !others.order.contains("conditionalValues")
            ? nil : .object(conditional)
        ),
        ("description", parameter.description.map(JSONValue.string)),
        ("valueType", parameter.valueType.map { .string($0.rawValue) }),
      ], others)
  }

  /// `value` as a template spells it, with `others` where they were read: `{"value": ...}`,
  /// `{"useInAppDefault": true}` or `{kind: body}`.
  static func value(
    _ value: ParameterValue, _ others: OtherMembers = OtherMembers()
  ) -> JSONObject {
    let member: (String, JSONValue)
    switch value {
    case .value(let text): member = ("value", .string(text))
    case .useInAppDefault: member = ("useInAppDefault", .bool(true))
    case .unsupported(let kind, let body): member = (kind, body)
    }
    return object([member], others)
  }

  // MARK: Layout

  /// An object of the modeled members (nil: absent) and the other members, each where the
  /// object as read had it; members with no remembered place follow, modeled ones first in
  /// the order given. A modeled member that is present wins over an other member of the same
  /// name (an unknown `valueType` kept in `otherMembers` until a known one is set).
  private static func object(
    _ modeled: [(name: String, value: JSONValue?)], _ others: OtherMembers
  ) -> JSONObject {
    var present = JSONObject()
    for (name, value) in modeled {
      if let value { present[name] = value }
    }
    var result = JSONObject()
    for name in others.order where result[name] == nil {
      if let value = present[name] ?? others.members[name] { result[name] = value }
    }
    for (name, value) in present where result[name] == nil {
      result[name] = value
    }
    for (name, value) in others.members where result[name] == nil && present[name] == nil {
      result[name] = value
    }
    return result
  }
}
