import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("TemplateReader")
struct TemplateReaderTests {
  @Test("reads a server template: condition trees, parameters, version and etag")
  func serverTemplate() throws {
    let template = try Template(json: TemplateFixtures.text("server-template.json"))
    #expect(template.conditions.map(\.name) == ["paid_tier", "ten_percent"])
    #expect(
      template.conditions[0].condition
        == .or([
          .and([.signal(SignalCondition(.customSignal("tier"), .string(.exactlyMatches, ["paid"])))]
          )
        ]))
    #expect(
      template.conditions[1].condition
        == .or([
          .and([
            .percent(
              PercentCondition(seed: "8f2uskkw1m66", range: .between(lower: 0, upper: 10_000_000)))
          ])
        ]))
    #expect(template.parameters.map(\.key) == ["search_model", "timeout_ms"])
    #expect(
      template.parameters[0].conditionalValues.map(\.conditionName) == ["ten_percent", "paid_tier"])
    #expect(template.parameters[1].defaultValue == .useInAppDefault)
    #expect(template.parameters[1].valueType == .number)
    #expect(template.versionNumber == 266)
    #expect(template.etag == "test_etag")
  }

  @Test("group members are ordinary parameters that remember their group")
  func parameterGroups() throws {
    let text = """
      {"parameters": {"a": {"defaultValue": {"value": "1"}}},
       "parameterGroups": {"home": {"description": "Home screen",
         "parameters": {"b": {"defaultValue": {"value": "2"}}}}}}
      """
    let template = try Template(json: text)
    #expect(template.parameters.map(\.key) == ["a", "b"])
    #expect(template.parameters.map(\.group) == [nil, "home"])
    #expect(template.parameterGroups == [ParameterGroup(name: "home", description: "Home screen")])
  }

  @Test(
    "unknown value kinds are skipped with a warning and never break the load",
    arguments: [
      "rolloutValue", "personalizationValue", "experimentValue",
    ])
  func unknownValueKinds(kind: String) throws {
    let text = """
      {"conditions": [{"name": "c", "condition": {"true": {}}}],
       "parameters": {"p": {"defaultValue": {"value": "base"},
         "conditionalValues": {"c": {"\(kind)": {"value": "x"}}}}}}
      """
    let result = TemplateReader().read(text)
    #expect(
      result.problems == [
        TemplateProblem(
          .warning, at: "parameters.p.conditionalValues.c",
          "'\(kind)' values are not evaluated by Switchyard; skipped")
      ])
    let template = try Template(json: text)
    let values = CompiledTemplate(template).evaluate(EvaluationContext(), now: Date())
    #expect(values["p"] == ConfigValue(key: "p", rawValue: "base", source: .remote))
  }

  @Test(
    "structural problems name the key path",
    arguments: [
      (#"[]"#, "template", "a template must be a JSON object, found an array"),
      (#"{"conditions": {}}"#, "conditions", "expected an array, found an object"),
      (
        #"{"conditions": [{"expression": "true"}]}"#, "conditions[0].name",
        "every condition needs a non-empty string name"
      ),
      (
        #"{"conditions": [{"name": "a", "expression": "true"}, {"name": "a", "expression": "true"}]}"#,
        "condition 'a'", "a condition with this name is already defined"
      ),
      (
        #"{"conditions": [{"name": "a"}]}"#, "condition 'a'",
        "has neither 'expression' (client template) nor 'condition' (server template)"
      ),
      (
        #"{"conditions": [{"name": "a", "expression": "true", "condition": {"true": {}}}]}"#,
        "condition 'a'", "has both 'expression' and 'condition'; a condition has one or the other"
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"value": 3}}}}"#,
        "parameters.p.defaultValue.value",
        #"values are strings, found a number; quote it: {"value": "3"}"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {}}}}"#, "parameters.p.defaultValue",
        #"empty value; expected {"value": "..."} or {"useInAppDefault": true}"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"useInAppDefault": false}}}}"#,
        "parameters.p.defaultValue.useInAppDefault", "must be true when present"
      ),
      (#"{"parameters": {"p": "x"}}"#, "parameters.p", "expected an object, found a string"),
      (
        #"{"parameters": {"p": {"conditionalValues": []}}}"#, "parameters.p.conditionalValues",
        "expected an object, found an array"
      ),
      (
        #"{"version": {"versionNumber": "v1"}}"#, "version.versionNumber",
        #""v1" is not a version number"#
      ),
      (
        #"{"parameterGroups": {"g": {"parameters": {"p": 1}}}}"#, "parameterGroups.g.parameters.p",
        "expected an object, found a number"
      ),
    ])
  func structuralErrors(text: String, location: String, message: String) {
    let result = TemplateReader().read(text)
    #expect(result.problems.contains(TemplateProblem(.error, at: location, message)))
    #expect(throws: TemplateError.self) { try Template(json: text) }
  }

  @Test("a JSON syntax error names the line and column")
  func syntaxError() {
    let text = "{\n  \"parameters\": {\n    \"p\": {\"defaultValue\": {\"value\": \"x\"}\n  }\n"
    let result = TemplateReader().read(text)
    #expect(result.template == nil)
    #expect(
      result.problems == [
        TemplateProblem(
          .error, at: "line 5, column 1", "expected ',' or '}' in object, found end of input")
      ])
  }

  @Test("a template error lists every error, not only the first")
  func everyError() {
    let text = #"{"parameters": {"a": {"defaultValue": {}}, "b": {"defaultValue": {"value": 1}}}}"#
    #expect {
      try Template(json: text)
    } throws: { error in
      (error as? TemplateError)?.errors.map(\.location)
        == ["parameters.a.defaultValue", "parameters.b.defaultValue.value"]
    }
  }
}

@Suite("Server condition trees")
struct ServerConditionReaderTests {
  private func condition(_ json: String) throws -> Condition {
    let text = #"{"conditions": [{"name": "c", "condition": "# + json + #"}]}"#
    return try #require(Template(json: text).conditions.first).condition
  }

  @Test(
    "maps every custom signal operator",
    arguments: [
      ("STRING_CONTAINS", SignalTest.string(.contains, ["a", "b"])),
      ("STRING_DOES_NOT_CONTAIN", .string(.doesNotContain, ["a", "b"])),
      ("STRING_EXACTLY_MATCHES", .string(.exactlyMatches, ["a", "b"])),
      ("STRING_CONTAINS_REGEX", .string(.containsRegex, ["a", "b"])),
      ("NUMERIC_LESS_THAN", .numeric(.lessThan, ["a", "b"])),
      ("NUMERIC_LESS_EQUAL", .numeric(.lessOrEqual, ["a", "b"])),
      ("NUMERIC_EQUAL", .numeric(.equal, ["a", "b"])),
      ("NUMERIC_NOT_EQUAL", .numeric(.notEqual, ["a", "b"])),
      ("NUMERIC_GREATER_THAN", .numeric(.greaterThan, ["a", "b"])),
      ("NUMERIC_GREATER_EQUAL", .numeric(.greaterOrEqual, ["a", "b"])),
      ("SEMANTIC_VERSION_LESS_THAN", .version(.lessThan, ["a", "b"])),
      ("SEMANTIC_VERSION_LESS_EQUAL", .version(.lessOrEqual, ["a", "b"])),
      ("SEMANTIC_VERSION_EQUAL", .version(.equal, ["a", "b"])),
      ("SEMANTIC_VERSION_NOT_EQUAL", .version(.notEqual, ["a", "b"])),
      ("SEMANTIC_VERSION_GREATER_THAN", .version(.greaterThan, ["a", "b"])),
      ("SEMANTIC_VERSION_GREATER_EQUAL", .version(.greaterOrEqual, ["a", "b"])),
    ])
  func customSignalOperators(name: String, test: SignalTest) throws {
    let json =
      #"{"customSignal": {"customSignalOperator": ""# + name
      + #"", "customSignalKey": "k", "targetCustomSignalValues": ["a", "b"]}}"#
    #expect(try condition(json) == .signal(SignalCondition(.customSignal("k"), test)))
  }

  @Test(
    "maps percent operators, reading absent bounds as 0 like Firebase",
    arguments: [
      (
        #"{"percentOperator": "LESS_OR_EQUAL", "microPercent": 5000000}"#,
        PercentCondition.Range.atMost(5_000_000)
      ),
      (#"{"percentOperator": "GREATER_THAN", "microPercent": 5000000}"#, .above(5_000_000)),
      (#"{"percentOperator": "LESS_OR_EQUAL"}"#, .atMost(0)),
      (
        #"{"percentOperator": "BETWEEN", "microPercentRange": {"microPercentLowerBound": 1, "microPercentUpperBound": 2}}"#,
        .between(lower: 1, upper: 2)
      ),
      (
        #"{"percentOperator": "BETWEEN", "microPercentRange": {"microPercentUpperBound": 2}}"#,
        .between(lower: 0, upper: 2)
      ),
    ])
  func percentOperators(json: String, range: PercentCondition.Range) throws {
    #expect(
      try condition(#"{"percent": "# + json + "}") == .percent(PercentCondition(range: range)))
  }

  @Test("true, false, nested and/or, and unknown kinds")
  func treeShapes() throws {
    #expect(try condition(#"{"true": {}}"#) == .constant(true))
    #expect(try condition(#"{"false": {}}"#) == .constant(false))
    #expect(try condition(#"{"andCondition": {}}"#) == .and([]))
    #expect(
      try condition(
        #"{"orCondition": {"conditions": [{"true": {}}, {"orCondition": {"conditions": []}}]}}"#)
        == .or([.constant(true), .or([])]))
    #expect(try condition(#"{"futureCondition": {"x": 1}}"#) == .unknown("futureCondition"))
  }

  @Test("malformed nodes are errors naming the path")
  func malformed() {
    let cases = [
      (
        #"{"percent": {"percentOperator": "LESS_OR_EQUAL", "microPercent": 100000001}}"#,
        "condition 'c'.condition.percent.microPercent"
      ),
      (
        #"{"percent": {"percentOperator": "LESS_OR_EQUAL", "microPercent": 1.5}}"#,
        "condition 'c'.condition.percent.microPercent"
      ),
      (
        #"{"customSignal": {"customSignalOperator": "STRING_CONTAINS", "targetCustomSignalValues": ["a"]}}"#,
        "condition 'c'.condition.customSignal.customSignalKey"
      ),
      (#"{"true": {}, "false": {}}"#, "condition 'c'.condition"),
      (#"{}"#, "condition 'c'.condition"),
      (
        #"{"andCondition": {"conditions": [3]}}"#,
        "condition 'c'.condition.andCondition.conditions[0]"
      ),
    ]
    for (json, location) in cases {
      let text = #"{"conditions": [{"name": "c", "condition": "# + json + #"}]}"#
      let errors = TemplateReader().read(text).problems.filter { $0.severity == .error }
      #expect(errors.map(\.location) == [location], "\(json)")
    }
  }
}
