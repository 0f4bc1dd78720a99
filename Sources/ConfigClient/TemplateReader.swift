import Core

/// Reads template JSON (client or server format) into a `Template`, collecting every problem
/// instead of stopping at the first, so `switchyard validate` can list them all.
///
/// Unknown value kinds (rollout, personalization, experiment values) and unknown condition
/// kinds are kept out of evaluation with a warning; they never break the load.
public struct TemplateReader: Sendable {
  /// What reading produced: the template (nil when the JSON itself is unusable) and every
  /// problem found.
  public struct Result: Sendable {
    /// The template, when the document was a JSON object.
    public var template: Template?
    /// Errors and warnings in document order.
    public var problems: [TemplateProblem]
  }

  /// A reader.
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

extension Template {
  /// Parses template JSON, client or server format.
  /// - Throws: `TemplateError` listing every error (with warnings) when any error is found.
  public init(json text: String) throws(TemplateError) {
    try self.init(checking: TemplateReader().read(text))
  }

  /// Parses template JSON bytes, client or server format.
  /// - Throws: `TemplateError` listing every error (with warnings) when any error is found.
  public init(jsonBytes bytes: some Collection<UInt8>) throws(TemplateError) {
    try self.init(checking: TemplateReader().read(utf8: bytes))
  }

  private init(checking result: TemplateReader.Result) throws(TemplateError) {
    guard let template = result.template,
      !result.problems.contains(where: { $0.severity == .error })
    else {
      throw TemplateError(
        problems: result.problems.filter { $0.severity == .error }
          + result.problems.filter { $0.severity == .warning })
    }
    self = template
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
      error("", "a template must be a JSON object, found \(document.kindDescription)")
      return nil
    }
    var template = Template()
    template.conditions = readConditions(root["conditions"])
    template.parameters = readParameters(root["parameters"], path: "parameters", group: nil)
    if let groups = root["parameterGroups"] {
      if case .object(let groupObject) = groups {
        for (name, body) in groupObject {
          let path = "parameterGroups.\(name)"
          guard case .object(let group) = body else {
            error(path, "expected an object, found \(body.kindDescription)")
            continue
          }
          template.parameterGroups.append(
            ParameterGroup(
              name: name, description: string(group["description"], at: path + ".description")))
          template.parameters += readParameters(
            group["parameters"], path: path + ".parameters", group: name)
        }
      } else {
        error("parameterGroups", "expected an object, found \(groups.kindDescription)")
      }
    }
    template.versionNumber = readVersion(root["version"])
    template.etag = string(root["etag"], at: "etag")
    return template
  }

  mutating func readVersion(_ value: JSONValue?) -> Int? {
    guard let value else { return nil }
    guard case .object(let version) = value else {
      error("version", "expected an object, found \(value.kindDescription)")
      return nil
    }
    switch version["versionNumber"] {
    case nil: return nil
    case .string(let text)?:
      guard let number = Int(text), number >= 0 else {
        error("version.versionNumber", "\"\(text)\" is not a version number")
        return nil
      }
      return number
    case .number(let number)?:
      guard let integer = number.intValue, integer >= 0 else {
        error("version.versionNumber", "\(number) is not a version number")
        return nil
      }
      return integer
    case let other?:
      error("version.versionNumber", "expected a string, found \(other.kindDescription)")
      return nil
    }
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
        error(path, "expected an object, found \(entry.kindDescription)")
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
      switch (object["expression"], object["condition"]) {
      case (.string(let expression)?, nil):
        do {
          let condition = try ConditionExpressionParser.parse(expression, conditionName: name)
          conditions.append(
            NamedCondition(
              name: name, condition: condition, expression: expression, tagColor: tagColor))
        } catch {
          self.error("\(location), column \(error.column)", error.message)
          conditions.append(
            NamedCondition(
              name: name, condition: .unknown("unparsable expression"), expression: expression,
              tagColor: tagColor))
        }
      case (nil, let tree?):
        var reader = ServerConditionReader(conditionName: name)
        let condition = reader.read(tree, path: location + ".condition")
        problems += reader.problems
        conditions.append(NamedCondition(name: name, condition: condition, tagColor: tagColor))
      case (let expression?, nil):
        error(location + ".expression", "expected a string, found \(expression.kindDescription)")
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
      error(path, "expected an object, found \(value.kindDescription)")
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
      if let defaultValue = fields["defaultValue"] {
        parameter.defaultValue = readValue(defaultValue, at: location + ".defaultValue")
      }
      if let conditional = fields["conditionalValues"] {
        if case .object(let values) = conditional {
          for (conditionName, entry) in values {
            if let value = readValue(entry, at: "\(location).conditionalValues.\(conditionName)") {
              parameter.conditionalValues.append(
                ConditionalValue(conditionName: conditionName, value: value))
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
        } else if typeName != "PARAMETER_VALUE_TYPE_UNSPECIFIED" {
          warning(
            location + ".valueType",
            "unknown value type \"\(typeName)\"; expected STRING, BOOLEAN, NUMBER or JSON")
        }
      }
      parameters.append(parameter)
    }
    return parameters
  }

  mutating func readValue(_ value: JSONValue, at location: String) -> ParameterValue? {
    guard case .object(let object) = value else {
      error(
        location, "expected an object such as {\"value\": \"...\"}, found \(value.kindDescription)")
      return nil
    }
    if let raw = object["value"] {
      guard case .string(let text) = raw else {
        error(location + ".value", "values are strings, found \(raw.kindDescription); quote it")
        return nil
      }
      return .value(text)
    }
    if let flag = object["useInAppDefault"] {
      guard flag == .bool(true) else {
        error(location + ".useInAppDefault", "must be true when present")
        return nil
      }
      return .useInAppDefault
    }
    if let kind = object.keys.first {
      warning(location, "'\(kind)' values are not evaluated by Switchyard; skipped")
      return .unsupported(kind: kind)
    }
    error(location, "empty value; expected {\"value\": \"...\"} or {\"useInAppDefault\": true}")
    return nil
  }

  mutating func string(_ value: JSONValue?, at location: String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      error(location, "expected a string, found \(value.kindDescription)")
      return nil
    }
    return text
  }
}
