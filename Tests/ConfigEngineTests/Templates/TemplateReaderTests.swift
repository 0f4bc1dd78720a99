import ConfigEngine
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
    let values = CompiledTemplate(template).evaluate(EvaluationContext(), now: TestTime.start)
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
