public import Core

/// Reads template JSON (client or server format) into a `Template`, collecting every problem
/// instead of stopping at the first, so `switchyard validate` can list them all.
///
/// Reading is forward compatible, as Firebase's own evaluators are: value kinds Switchyard
/// does not evaluate (rollout, personalization, experiment values), the parts of conditions
/// it does not know in either format (a signal, a method, an operator, a node kind: warnings
/// of kind `.unknownConditionElement`, each part false), and members it does not know at any
/// level are kept out of evaluation with a warning that names the place, and never break the
/// load. A malformed expression (see `ConditionExpressionParser`) is an error. Nothing is
/// dropped: whatever the model has no property for is kept (`otherMembers`, the value
/// bodies, the condition sources, member order) so `TemplateWriter` writes it back.
public struct TemplateReader: Sendable {
  /// What reading produced: the template (nil when the JSON itself is unusable) and every
  /// problem found.
  public struct Result: Sendable {
    /// The template, when the document was a JSON object.
    public var template: Template?
    /// Errors and warnings in document order.
    public var problems: [TemplateProblem]
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init() {}

  /// Reads template JSON text.
  public func read(_ text: String) -> Result {
    read(utf8: Array(text.utf8))
  }

  /// Reads template JSON bytes.
  public func read(utf8 bytes: some Collection<UInt8>) -> Result {
    let document: JSONValue
    do {
      document = try JSONParser().parse(bytes)
    } catch {
      let problem = TemplateProblem(
        .error, at: "line \(error.line), column \(error.column)", error.message)
      return Result(template: nil, problems: [problem])
    }
    return read(document)
  }

  /// Reads an already parsed JSON document.
  public func read(_ document: JSONValue) -> Result {
    var session = ReadingSession()
    let template = session.readTemplate(document)
    return Result(template: template, problems: session.problems)
  }
}

/// The mutable state of one read: the problems found so far.
private struct ReadingSession {
  var problems: [TemplateProblem] = []

  mutating func error(_ location: String, _ message: String) {
    problems.append(TemplateProblem(.error, at: location, message))
  }

  mutating func warning(_ location: String, _ message: String) {
    problems.append(TemplateProblem(.warning, at: location, message))
  }

  mutating func readTemplate(_ document: JSONValue) -> Template? {
    guard case .object(let root) = document else {
      error("template", "a template must be a JSON object, found \(document.kindDescription)")
      return nil
    }
    var template = Template()
    template.otherMembers = otherMembers(of: root, at: "", in: .template)
    template.conditions = readConditions(root["conditions"])
    template.parameters = readParameters(root["parameters"], path: "parameters", group: nil)
    if let groups = root["parameterGroups"] {
      if case .object(let groupObject) = groups {
        for (name, body) in groupObject {
          let path = "parameterGroups.\(name)"
          guard case .object(let fields) = body else {
            error(
              path,
              "expected a group object such as {\"description\": \"...\", \"parameters\": {...}},"
                + " found \(body.kindDescription)")
            continue
          }
          var group = ParameterGroup(
            name: name, description: string(fields["description"], at: path + ".description"))
          group.otherMembers = otherMembers(of: fields, at: path, in: .group)
          template.parameterGroups.append(group)
          template.parameters += readParameters(
            fields["parameters"], path: path + ".parameters", group: name)
        }
      } else {
        error(
          "parameterGroups",
          "expected an object of groups by name, found \(groups.kindDescription)")
      }
    }
    template.version = readVersion(root["version"])
    template.etag = string(root["etag"], at: "etag")
    return template
  }

  mutating func readVersion(_ value: JSONValue?) -> TemplateVersion? {
    guard let value else { return nil }
    guard case .object(let fields) = value else {
      error(
        "version",
        "expected an object such as {\"versionNumber\": \"42\", \"description\": \"...\"},"
          + " found \(value.kindDescription)")
      return nil
    }
    var version = TemplateVersion(
      description: string(fields["description"], at: "version.description"))
    version.otherMembers = otherMembers(of: fields, at: "version", in: .version)
    switch fields["versionNumber"] {
    case nil: break
    case .string(let text)?:
      if let number = Int(text), number >= 0 {
        version.number = number
      } else {
        error("version.versionNumber", "\"\(text)\" is not a version number")
      }
    case .number(let number)?:
      if let integer = number.intValue, integer >= 0 {
        version.number = integer
        version.numberIsJSONNumber = true
      } else {
        error("version.versionNumber", "\(number) is not a version number")
      }
    case let other?:
      error("version.versionNumber", "expected a string, found \(other.kindDescription)")
    }
    return version
  }

  // MARK: Conditions

  mutating func readConditions(_ value: JSONValue?) -> [NamedCondition] {
    guard let value else { return [] }
    guard case .array(let entries) = value else {
      error("conditions", "expected an array, found \(value.kindDescription)")
      return []
    }
    var conditions: [NamedCondition] = []
    var seen: Set<String> = []
    for (index, entry) in entries.enumerated() {
      let path = "conditions[\(index)]"
      guard case .object(let object) = entry else {
        error(
          path,
          "expected a condition object such as {\"name\": \"...\", \"expression\": \"...\"},"
            + " found \(entry.kindDescription)")
        continue
      }
      guard case .string(let name)? = object["name"], !name.isEmpty else {
        error(path + ".name", "every condition needs a non-empty string name")
        continue
      }
      let location = "condition '\(name)'"
      guard seen.insert(name).inserted else {
        error(location, "a condition with this name is already defined")
        continue
      }
      let tagColor = string(object["tagColor"], at: location + ".tagColor")
      let others = otherMembers(of: object, at: location, in: .condition)
      switch (object["expression"], object["condition"]) {
      case (.string(let expression)?, nil):
        let read = TemplateReader.read(expression: expression, of: name)
        problems += read.problems
        var named = NamedCondition(
          name: name, condition: read.condition, expression: expression, tagColor: tagColor)
        named.otherMembers = others
        conditions.append(named)
      case (nil, let tree?):
        let read = TemplateReader.read(tree: tree, of: name)
        problems += read.problems
        var named = NamedCondition(name: name, condition: read.condition, tagColor: tagColor)
        named.conditionJSON = tree
        named.otherMembers = others
        conditions.append(named)
      case (let expression?, nil):
        error(
          location + ".expression",
          "expected a string such as \"device.os == 'ios'\", found \(expression.kindDescription)")
      case (_?, _?):
        error(location, "has both 'expression' and 'condition'; a condition has one or the other")
      case (nil, nil):
        error(
          location, "has neither 'expression' (client template) nor 'condition' (server template)")
      }
    }
    return conditions
  }

  // MARK: Parameters

  mutating func readParameters(_ value: JSONValue?, path: String, group: String?)
    -> [TemplateParameter]
  {
    guard let value else { return [] }
    guard case .object(let object) = value else {
      let example = #"{"key": {"defaultValue": {"value": "..."}}}"#
      if case .array = value {
        error(
          path,
          "expected an object of parameters by key, as in \(example), found an array;"
            + " Firebase has no lists of keys here: \(group == nil ? "" : "a group holds its parameters themselves, and ")each key is defined once"
        )
      } else {
        error(
          path,
          "expected an object of parameters by key, as in \(example), found \(value.kindDescription)"
        )
      }
      return []
    }
    var parameters: [TemplateParameter] = []
    for (key, body) in object {
      let location = "\(path).\(key)"
      guard case .object(let fields) = body else {
        error(location, "expected an object, found \(body.kindDescription)")
        continue
      }
      var parameter = TemplateParameter(key: key, defaultValue: nil, group: group)
      parameter.otherMembers = otherMembers(of: fields, at: location, in: .parameter)
      if let defaultValue = fields["defaultValue"],
        let read = readValue(
          defaultValue, at: location + ".defaultValue")
      {
        parameter.defaultValue = read.value
        parameter.defaultValueOtherMembers = read.otherMembers
      }
      if let conditional = fields["conditionalValues"] {
        if case .object(let values) = conditional {
          for (conditionName, entry) in values {
            let valueLocation = "\(location).conditionalValues.\(conditionName)"
            if let read = readValue(entry, at: valueLocation) {
              var value = ConditionalValue(conditionName: conditionName, value: read.value)
              value.otherMembers = read.otherMembers
              parameter.conditionalValues.append(value)
            }
          }
        } else {
          error(
            location + ".conditionalValues",
            "expected an object, found \(conditional.kindDescription)")
        }
      }
      parameter.description = string(fields["description"], at: location + ".description")
      if let typeName = string(fields["valueType"], at: location + ".valueType") {
        if let type = ConfigValueType(rawValue: typeName) {
          parameter.valueType = type
        } else {
          // Kept as read in `otherMembers`, so the writer gives it back.
          parameter.otherMembers["valueType"] = .string(typeName)
          if typeName != "PARAMETER_VALUE_TYPE_UNSPECIFIED" {
            warning(
              location + ".valueType",
              "unknown value type \"\(typeName)\"; expected STRING, BOOLEAN, NUMBER or JSON")
          }
        }
      }
      parameters.append(parameter)
    }
    return parameters
  }

  mutating func readValue(_ value: JSONValue, at location: String)
    -> (value: ParameterValue, otherMembers: OtherMembers)?
  {
    guard case .object(let object) = value else {
      error(
        location,
        "expected a value object, found \(value.kindDescription); Firebase expects"
          + " \(Self.example(value))")
      return nil
    }
    let kind: String
    if object["value"] != nil {
      kind = "value"
    } else if object["useInAppDefault"] != nil {
      kind = "useInAppDefault"
    } else if let firebaseKind = Self.unevaluatedValueKinds.first(where: { object[$0] != nil }) {
      kind = firebaseKind
    } else if object.count > 1 {
      // One unknown member may be a value kind newer than this version; several, with no
      // kind Firebase has, are a JSON object written where its text belongs.
      let names = object.keys.prefix(3).map { "'\(ConditionSyntaxError.shortened($0))'" }
      error(
        location,
        "expected a value object, found members \(names.joined(separator: ", "))"
          + "\(object.count > 3 ? ", ..." : ""); Firebase expects {\"value\": \"...\"}, with JSON"
          + " written as a string: {\"value\": \"{...}\"}")
      return nil
    } else if let first = object.keys.first {
      kind = first
    } else {
      error(location, "empty value; expected {\"value\": \"...\"} or {\"useInAppDefault\": true}")
      return nil
    }
    var others = OtherMembers(of: object, excluding: [kind])
    for (name, _) in others.members {
      warning(
        "\(location).\(name)",
        "'\(name)' beside '\(kind)' is ignored (and kept when the template is written back):"
          + " a value holds one of value, useInAppDefault, rolloutValue, personalizationValue"
          + " and experimentValue")
    }
    guard let body = object[kind] else { return nil }
    switch kind {
    case "value":
      guard case .string(let text) = body else {
        error(
          location + ".value",
          "values are strings, found \(body.kindDescription); quote it: \(Self.example(body))")
        return nil
      }
      return (.value(text), others)
    case "useInAppDefault":
      guard body == .bool(true) else {
        error(location + ".useInAppDefault", "must be true when present")
        return nil
      }
      return (.useInAppDefault, others)
    default:
      warning(location, "'\(kind)' values are not evaluated by Switchyard; skipped")
      others.members[kind] = nil
      return (.unsupported(kind: kind, body: body), others)
    }
  }

  /// Firebase's value kinds that Switchyard keeps but does not evaluate.
  static let unevaluatedValueKinds = ["rolloutValue", "personalizationValue", "experimentValue"]

  /// The value object Firebase expects in place of `found`, a value that is not a value
  /// object or not a string: `{"value": "3"}` for `3`. Strings and JSON are not repeated,
  /// only their shape (`{"value": "..."}`, `{"value": "{...}"}`): a template's values may be
  /// keys or tokens, which have no place in a message.
  static func example(_ found: JSONValue) -> String {
    switch found {
    case .string: #"{"value": "..."}"#
    case .null: #"{"value": "..."} or {"useInAppDefault": true}"#
    case .bool, .number: #"{"value": "\#(found.jsonText)"}"#
    case .array: #"{"value": "[...]"}, the JSON written as a string"#
    case .object: #"{"value": "{...}"}, the JSON written as a string"#
    }
  }

  mutating func string(_ value: JSONValue?, at location: String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      error(location, "expected a string, found \(value.kindDescription)")
      return nil
    }
    return text
  }

  /// The members of `object` that `level` does not model, with a warning for each one
  /// Firebase does not define either.
  mutating func otherMembers(
    of object: JSONObject, at path: String, in level: TemplateLevel
  ) -> OtherMembers {
    let others = OtherMembers(of: object, excluding: level.modeledMembers)
    for (name, _) in others.members where !level.firebaseMembers.contains(name) {
      warning(path.isEmpty ? name : "\(path).\(name)", level.unknownMemberMessage(name))
    }
    return others
  }
}
