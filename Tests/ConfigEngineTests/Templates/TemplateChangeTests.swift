@testable import ConfigEngine
import Core
import Testing

@Suite("TemplateChange")
struct TemplateChangeTests {
  /// Conditions a, b (custom signals) and c (a percent); p has values under a and b, q has
  /// none, g sits in group G and defers to the in-app default.
  static let base = #"""
    {
      "conditions": [
        {"name": "a", "expression": "app.customSignal['x'] == 1", "tagColor": "BLUE"},
        {"name": "b", "expression": "app.customSignal['y'].exactlyMatches(['1'])"},
        {"name": "c", "expression": "percent('s') <= 10"}
      ],
      "parameters": {
        "p": {
          "defaultValue": {"value": "d"},
          "conditionalValues": {"a": {"value": "va"}, "b": {"value": "vb"}},
          "description": "P", "valueType": "STRING"
        },
        "q": {"defaultValue": {"value": "1"}}
      },
      "parameterGroups": {
        "G": {"parameters": {"g": {"defaultValue": {"useInAppDefault": true}}}}
      }
    }
    """#

  typealias Edit = @Sendable (inout Template) throws -> Void

  static func index(of key: String, in template: Template) throws -> Int {
    try #require(template.parameters.firstIndex { $0.key == key })
  }

  static func condition(_ name: String, in template: Template) throws -> Int {
    try #require(template.conditions.firstIndex { $0.name == name })
  }

  /// An edit, and the change it makes: each entry names one rule.
  static let edits: [(String, Edit, @Sendable (inout TemplateChange) -> Void)] = [
    (
      "a default value", { try $0.parameters[index(of: "p", in: $0)].defaultValue = .value("e") },
      {
        $0.changedParameters = [
          ParameterChange(key: "p", aspects: [.defaultValue(from: .value("d"), to: .value("e"))])
        ]
      }
    ),
    (
      "a default value made useInAppDefault",
      { try $0.parameters[index(of: "q", in: $0)].defaultValue = .useInAppDefault },
      {
        $0.changedParameters = [
          ParameterChange(
            key: "q", aspects: [.defaultValue(from: .value("1"), to: .useInAppDefault)])
        ]
      }
    ),
    (
      "a conditional value added",
      {
        try $0.parameters[index(of: "q", in: $0)].conditionalValues.append(
          ConditionalValue(conditionName: "c", value: .value("2")))
      },
      {
        $0.changedParameters = [
          ParameterChange(
            key: "q", aspects: [.conditionalValueAdded(condition: "c", value: .value("2"))])
        ]
      }
    ),
    (
      "a conditional value removed",
      { try $0.parameters[index(of: "p", in: $0)].conditionalValues.removeLast() },
      {
        $0.changedParameters = [
          ParameterChange(
            key: "p", aspects: [.conditionalValueRemoved(condition: "b", value: .value("vb"))])
        ]
      }
    ),
    (
      "a conditional value changed",
      { try $0.parameters[index(of: "p", in: $0)].conditionalValues[0].value = .value("vx") },
      {
        $0.changedParameters = [
          ParameterChange(
            key: "p",
            aspects: [
              .conditionalValueChanged(condition: "a", from: .value("va"), to: .value("vx"))
            ])
        ]
      }
    ),
    (
      "a rollout value's unmodelled body",
      {
        let p = try index(of: "p", in: $0)
        $0.parameters[p].conditionalValues[0].value = .unsupported(
          kind: "rolloutValue", body: ["rolloutId": "r", "value": "on", "percent": 20])
      },
      {
        $0.changedParameters = [
          ParameterChange(
            key: "p",
            aspects: [
              .conditionalValueChanged(
                condition: "a", from: .value("va"),
                to: .unsupported(
                  kind: "rolloutValue", body: ["rolloutId": "r", "value": "on", "percent": 20]))
            ])
        ]
      }
    ),
    (
      "the members kept beside a default value",
      { try $0.parameters[index(of: "q", in: $0)].defaultValueOtherMembers["note"] = "x" },
      {
        $0.changedParameters = [
          ParameterChange(key: "q", aspects: [.defaultValue(from: .value("1"), to: .value("1"))])
        ]
      }
    ),
    (
      "the value type",
      { try $0.parameters[index(of: "p", in: $0)].valueType = .json },
      {
        $0.changedParameters = [
          ParameterChange(key: "p", aspects: [.valueType(from: .string, to: .json)])
        ]
      }
    ),
    (
      "the description",
      { try $0.parameters[index(of: "p", in: $0)].description = "Q" },
      {
        $0.changedParameters = [
          ParameterChange(key: "p", aspects: [.description(from: "P", to: "Q")])
        ]
      }
    ),
    (
      "a move to another group",
      { try $0.parameters[index(of: "g", in: $0)].group = "H" },
      {
        $0.changedParameters = [ParameterChange(key: "g", aspects: [.group(from: "G", to: "H")])]
      }
    ),
    (
      "a parameter added",
      { $0.parameters.append(TemplateParameter(key: "r", defaultValue: .value("1"))) },
      { $0.addedParameters = ["r"] }
    ),
    (
      "a parameter removed",
      { try $0.parameters.remove(at: index(of: "q", in: $0)) },
      { $0.removedParameters = ["q"] }
    ),
    (
      "a condition added at the end",
      { $0.conditions.append(try NamedCondition(name: "d", expression: "true")) },
      { $0.addedConditions = ["d"] }
    ),
    (
      "a condition removed",
      { $0.conditions.removeLast() },
      { $0.removedConditions = ["c"] }
    ),
    (
      "a condition that tests something else",
      {
        $0.conditions[try condition("a", in: $0)] = try NamedCondition(
          name: "a", expression: "app.customSignal['x'] == 2")
      },
      { change in
        let template = try? Template(json: base)
        let old = template?.conditions[0]
        let new = try? NamedCondition(name: "a", expression: "app.customSignal['x'] == 2")
        if let old, let new { change.changedConditions = [ConditionChange(old: old, new: new)] }
      }
    ),
    (
      "a condition moved to the front",
      { $0.conditions.insert($0.conditions.removeLast(), at: 0) },
      { $0.reorderedConditions = [ConditionMove(name: "c", oldIndex: 2, newIndex: 0)] }
    ),
    (
      "two conditions swapped: one move",
      { $0.conditions.swapAt(0, 1) },
      { $0.reorderedConditions = [ConditionMove(name: "a", oldIndex: 0, newIndex: 1)] }
    ),
    (
      "nothing but spelling and the tag colour: no change",
      {
        $0.conditions[0] = try NamedCondition(
          name: "a", expression: "app.customSignal[ 'x' ]   ==   1", tagColor: "RED")
      },
      { _ in }
    ),
  ]

  @Test("each edit of a template is reported as the change it is", arguments: edits.indices)
  func edit(index: Int) throws {
    let (_, edit, expect) = Self.edits[index]
    let old = try Template(json: Self.base)
    var new = old
    try edit(&new)
    var expected = TemplateChange(from: old, to: old)
    #expect(expected.isEmpty)
    expect(&expected)
    let change = TemplateChange(from: old, to: new)
    #expect(change == expected, "\(Self.edits[index].0)")
    #expect(change.count == (expected == TemplateChange(from: old, to: old) ? 0 : 1))
  }

  @Test("only values change users: type, description, group and unmodelled members do not")
  func changesValues() {
    let aspects: [(ParameterChange.Aspect, Bool)] = [
      (.defaultValue(from: nil, to: .value("1")), true),
      (.conditionalValueAdded(condition: "c", value: .value("1")), true),
      (.conditionalValueRemoved(condition: "c", value: .value("1")), true),
      (.conditionalValueChanged(condition: "c", from: .value("1"), to: .value("2")), true),
      (.valueType(from: nil, to: .json), false), (.description(from: nil, to: "x"), false),
      (.group(from: nil, to: "G"), false), (.otherMembers, false),
    ]
    for (aspect, changes) in aspects {
      #expect(aspect.changesValues == changes, "\(aspect)")
    }
  }

  @Test("the count adds every parameter and condition listed")
  func count() throws {
    let old = try Template(json: Self.base)
    var new = old
    new.parameters.removeAll { $0.key == "q" }
    new.parameters.append(TemplateParameter(key: "r", defaultValue: .value("1")))
    new.parameters[0].description = nil
    new.conditions.swapAt(1, 2)
    new.conditions.append(try NamedCondition(name: "d", expression: "false"))
    let change = TemplateChange(from: old, to: new)
    #expect(change.removedParameters == ["q"])
    #expect(change.addedParameters == ["r"])
    #expect(change.changedParameters.map(\.key) == ["p"])
    #expect(change.addedConditions == ["d"])
    #expect(change.reorderedConditions.count == 1)
    #expect(change.count == 5)
    #expect(!change.isEmpty)
  }

  @Test("of many conditions moved, only those out of the longest run in order are reported")
  func fewestMoves() {
    // b, c, e keep their order; a and d move.
    let moves = ConditionMove.moves(
      from: ["a", "b", "c", "d", "e"], to: ["b", "c", "e", "a", "d"])
    #expect(
      moves == [
        ConditionMove(name: "a", oldIndex: 0, newIndex: 3),
        ConditionMove(name: "d", oldIndex: 3, newIndex: 4),
      ])
    #expect(
      ConditionMove.moves(from: ["x", "a", "b"], to: ["a", "b", "y"]).isEmpty,
      "conditions added and removed shift indices without moving anyone")
  }

  @Test("a client template and its server-format translation are the same template")
  func crossFormat() throws {
    let client = try Template(json: Self.base)
    let server = try client.serverTranslation()
    #expect(server.conditions.allSatisfy { $0.expression == nil && $0.conditionJSON != nil })
    #expect(TemplateChange(from: client, to: server).isEmpty)
    #expect(TemplateChange(from: server, to: client).isEmpty)
  }

  @Test("a server tree nesting one condition in an orCondition and andCondition equals the atom")
  func nestedTrees() throws {
    let client = try Template(
      json: #"{"conditions": [{"name": "c", "expression": "percent('s') <= 10"}]}"#)
    let server = try Template(
      json: #"""
        {"conditions": [{"name": "c", "condition": {"orCondition": {"conditions": [
          {"andCondition": {"conditions": [{"percent": {"percentOperator": "LESS_OR_EQUAL",
            "seed": "s", "microPercent": 10000000}}]}}]}}}]}
        """#)
    #expect(TemplateChange(from: client, to: server).isEmpty)
    let other = try Template(
      json: #"{"conditions": [{"name": "c", "expression": "percent('s') <= 11"}]}"#)
    #expect(TemplateChange(from: other, to: server).changedConditions.map(\.name) == ["c"])
  }

  @Test("README's example: the keys whose values changed, what moved, and the count")
  func readmeExample() throws {
    let currentJSON = Self.base
    var template = try Template(json: Self.base)
    template.parameters[0].description = "Q"
    template.parameters[1].defaultValue = .value("2")
    template.conditions.insert(template.conditions.removeLast(), at: 0)
    let editedJSON = try template.jsonText()
    let change = TemplateChange(from: try Template(json: currentJSON), to: try Template(json: editedJSON))
    let keys = change.changedParameters.filter(\.changesValues).map(\.key)  // not descriptions or groups
    let moved = change.reorderedConditions.map { "\($0.name): \($0.oldIndex) -> \($0.newIndex)" }
    let summary = change.isEmpty ? "no change" : "\(change.count) changes"
    #expect(keys == ["q"])
    #expect(moved == ["c: 2 -> 0"])
    #expect(summary == "3 changes")
  }
}

extension Template {
  /// This template in Firebase's server format: every condition written as a tree by the
  /// writer's own translation, and the document read back.
  func serverTranslation() throws -> Template {
    var server = self
    for index in server.conditions.indices {
      server.conditions[index].conditionJSON = try ConditionTreeWriter.tree(
        server.conditions[index].condition)
      server.conditions[index].expression = nil
    }
    return try Template(json: try server.jsonText())
  }
}
