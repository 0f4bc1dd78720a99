import ConfigEngine
import Core
import RootRouting

extension DiffReport {
  /// The report for machines, the same content as the text (every unchanged key named, values
  /// and conditions whole); its shape is in README.
  var json: JSONValue {
    var population: JSONObject
    switch self.population.source {
    case .synthetic(_, let seed):
      population = JSONObject([
        ("source", "synthetic"), ("users", Self.number(self.population.users)),
        ("seed", Self.number(seed)),
      ])
    case .contexts(let path):
      population = JSONObject([
        ("source", "contexts"), ("file", .string(path)),
        ("users", Self.number(self.population.users)),
      ])
    }
    population["routed"] = Self.number(self.population.routed)
    population["now"] = .string(Timestamp.format(self.population.now))
    return Self.object([
      ("old", Self.side(old)), ("new", Self.side(new)), ("changes", changeJSON),
      ("population", .object(population)),
      ("usersWithChangedValues", Self.number(usersWithChangedValues)),
      ("values", .array(values.map(keyJSON))),
      ("unchangedKeys", .array(unchangedKeys.map(JSONValue.string))),
      ("routes", routesJSON),
    ])
  }

  private static func side(_ side: DiffSide) -> JSONValue {
    Self.object([("file", .string(side.file)), ("version", side.version.map(number) ?? .null)])
  }

  private var changeJSON: JSONValue {
    let parameters: [(String, JSONValue)] = [
      ("added", .array(change.addedParameters.map(JSONValue.string))),
      ("removed", .array(change.removedParameters.map(JSONValue.string))),
      (
        "changed",
        .array(
          change.changedParameters.map { parameter in
            Self.object([
              ("key", .string(parameter.key)), ("changesValues", .bool(parameter.changesValues)),
              ("what", .array(parameter.aspects.map(Self.aspect))),
            ])
          })
      ),
    ]
    let conditions: [(String, JSONValue)] = [
      ("added", .array(change.addedConditions.map(JSONValue.string))),
      ("removed", .array(change.removedConditions.map(JSONValue.string))),
      (
        "changed",
        .array(
          change.changedConditions.map { condition in
            Self.object([
              ("name", .string(condition.name)), ("from", Self.spelling(condition.old)),
              ("to", Self.spelling(condition.new)),
            ])
          })
      ),
      (
        "reordered",
        .array(
          change.reorderedConditions.map { move in
            Self.object([
              ("name", .string(move.name)), ("from", Self.number(move.oldIndex + 1)),
              ("to", Self.number(move.newIndex + 1)),
            ])
          })
      ),
    ]
    return Self.object([
      ("count", Self.number(change.count)), ("parameters", Self.object(parameters)),
      ("conditions", Self.object(conditions)),
    ])
  }

  private static func aspect(_ aspect: ParameterChange.Aspect) -> JSONValue {
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    let members: [(String, JSONValue)]
    switch aspect {
    case .defaultValue(let from, let to):
      members = [("aspect", "defaultValue"), ("from", value(from)), ("to", value(to))]
    case .conditionalValueAdded(let condition, let added):
      members = [
        ("aspect", "conditionalValue"), ("condition", .string(condition)), ("from", .null),
        ("to", value(added)),
      ]
    case .conditionalValueRemoved(let condition, let removed):
      members = [
        ("aspect", "conditionalValue"), ("condition", .string(condition)),
        ("from", value(removed)), ("to", .null),
      ]
    case .conditionalValueChanged(let condition, let from, let to):
      members = [
        ("aspect", "conditionalValue"), ("condition", .string(condition)), ("from", value(from)),
        ("to", value(to)),
      ]
    case .valueType(let from, let to):
      members = [
        ("aspect", "valueType"), ("from", text(from?.rawValue)), ("to", text(to?.rawValue)),
      ]
    case .description(let from, let to):
      members = [("aspect", "description"), ("from", text(from)), ("to", text(to))]
    case .group(let from, let to):
      members = [("aspect", "group"), ("from", text(from)), ("to", text(to))]
    case .otherMembers:
      members = [("aspect", "otherMembers")]
    }
    return .object(JSONObject(members))
  }

  /// A parameter value as the template spells it (`TemplateWriter`): `{"value": ...}`,
  /// `{"useInAppDefault": true}` or `{kind: body}`; null for none.
  private static func value(_ value: ParameterValue?) -> JSONValue {
    value.map { .object(TemplateWriter.value($0)) } ?? .null
  }

  /// A condition as its template spells it: `{"expression": ...}` or `{"condition": tree}`.
  private static func spelling(_ condition: NamedCondition) -> JSONValue {
    if let expression = condition.expression {
      return Self.object([("expression", .string(expression))])
    }
    if let tree = condition.conditionJSON { return Self.object([("condition", tree)]) }
    return Self.object([("description", .string("\(condition.condition)"))])
  }

  private func keyJSON(_ impact: KeyImpact) -> JSONValue {
    Self.object([
      ("key", .string(impact.key)), ("changedUsers", Self.number(impact.changedUsers)),
      (
        "transitions",
        .array(
          impact.transitions.map { transition in
            Self.object([
              ("from", Self.text(transition.from)), ("to", Self.text(transition.to)),
              ("users", Self.number(transition.users)),
              (
                "example",
                Self.object([
                  ("user", user(transition.example.number, transition.example.kind)),
                  ("before", Self.explained(transition.from, transition.before)),
                  ("after", Self.explained(transition.to, transition.after)),
                ])
              ),
            ])
          })
      ),
      ("otherTransitions", Self.number(impact.otherTransitions)),
      ("otherUsers", Self.number(impact.otherUsers)),
    ])
  }

  private static func explained(_ value: String?, _ reasons: [String]) -> JSONValue {
    Self.object([("value", text(value)), ("reasons", .array(reasons.map(JSONValue.string)))])
  }

  private var routesJSON: JSONValue {
    func end(_ end: RouteTransition.End) -> JSONValue {
      var object = JSONObject([("screen", .string(end.screen))])
      if let orientations = end.orientations {
        object["orientations"] = .array(orientations.shortNames.map(JSONValue.string))
      }
      return .object(object)
    }
    func route(_ route: Route) -> JSONValue {
      Self.object([
        ("screen", .string(route.screen.name)),
        ("orientations", .array(route.orientations.shortNames.map(JSONValue.string))),
        ("reasons", .array(route.reasons.map { .string($0.description) })),
      ])
    }
    return Self.object([
      ("routed", Self.number(population.routed)),
      ("changedUsers", Self.number(routes.changedUsers)),
      (
        "transitions",
        .array(
          routes.transitions.map { change in
            Self.object([
              ("from", end(change.transition.from)), ("to", end(change.transition.to)),
              ("users", Self.number(change.users)),
              (
                "example",
                Self.object([
                  ("user", user(change.number, .routed(change.example))),
                  ("before", route(change.before)), ("after", route(change.after)),
                ])
              ),
            ])
          })
      ),
      ("otherTransitions", Self.number(routes.otherTransitions)),
      ("otherUsers", Self.number(routes.otherUsers)),
      (
        "screens",
        .array(
          routes.screens.map {
            Self.object([
              ("screen", .string($0.name)), ("before", Self.number($0.before)),
              ("after", Self.number($0.after)),
            ])
          })
      ),
    ])
  }

  /// An example user: its place (`line` in a contexts file, `number` among synthetic users)
  /// and the `route --scenarios` line or `evaluate` context line that replays it.
  private func user(_ number: Int, _ kind: DiffUser.Kind) -> JSONValue {
    var object = JSONObject()
    switch population.source {
    case .synthetic: object["number"] = Self.number(number)
    case .contexts: object["line"] = Self.number(number)
    }
    switch kind {
    case .routed(let scenario): object["scenario"] = .object(scenario.jsonObject)
    case .evaluated(let context): object["context"] = .object(context.jsonObject)
    }
    return .object(object)
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members))
  }

  private static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  private static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
