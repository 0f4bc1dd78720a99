import ConfigEngine
import Core
import SwitchyardTestSupport
import Testing

@Suite("TemplateValidator")
struct TemplateValidatorTests {
  private func problems(_ text: String) -> [TemplateProblem] {
    TemplateValidator().validate(utf8: Array(text.utf8))
  }

  @Test("a valid template has no problems")
  func validTemplate() throws {
    #expect(problems(try TemplateFixtures.text("server-template.json")).isEmpty)
  }

  @Test(
    "each rule reports its problem at the right place",
    arguments: [
      (
        #"{"parameters": {"p": {"conditionalValues": {"ghost": {"value": "1"}}}}}"#,
        TemplateProblem(
          .error, at: "parameters.p.conditionalValues.ghost",
          "condition 'ghost' is not defined in 'conditions'; Firebase expects every conditional"
            + " value to name a condition of the template: add it to 'conditions' or remove this"
            + " value")
      ),
      (
        #"{"conditions": [{"name": "lonely", "condition": {"true": {}}}]}"#,
        TemplateProblem(.warning, at: "condition 'lonely'", "no parameter uses this condition")
      ),
      (
        #"{"parameters": {"1st": {"defaultValue": {"value": "x"}}}}"#,
        TemplateProblem(
          .error, at: "parameters.1st",
          "key '1st' must match ^[a-zA-Z_][0-9a-zA-Z_]*$ (at most 256 characters)")
      ),
      (
        #"{"parameters": {"has-dash": {"defaultValue": {"value": "x"}}}}"#,
        TemplateProblem(
          .error, at: "parameters.has-dash",
          "key 'has-dash' must match ^[a-zA-Z_][0-9a-zA-Z_]*$ (at most 256 characters)")
      ),
      (
        #"{"parameters": {"k": {"defaultValue": {"value": "1"}}}, "parameterGroups": {"g": {"parameters": {"k": {"defaultValue": {"value": "2"}}}}}}"#,
        TemplateProblem(
          .error, at: "parameterGroups.g.parameters.k",
          "key 'k' is already defined at parameters.k; Firebase expects each key once, in"
            + " 'parameters' or in one group")
      ),
      (
        #"{"parameterGroups": {"a": {"parameters": {"k": {}}}, "b": {"parameters": {"k": {}}}}}"#,
        TemplateProblem(
          .error, at: "parameterGroups.b.parameters.k",
          "key 'k' is already defined at parameterGroups.a.parameters.k; Firebase expects each key"
            + " once, in 'parameters' or in one group")
      ),
      (
        #"{"parameters": {"b": {"defaultValue": {"value": "yes"}, "valueType": "BOOLEAN"}}}"#,
        TemplateProblem(
          .error, at: "parameters.b.defaultValue",
          #""yes" is not a BOOLEAN (expected true or false)"#)
      ),
      (
        #"{"parameters": {"n": {"defaultValue": {"value": "0x10"}, "valueType": "NUMBER"}}}"#,
        TemplateProblem(.error, at: "parameters.n.defaultValue", #""0x10" is not a NUMBER"#)
      ),
      (
        #"{"conditions": [{"name": "c", "condition": {"true": {}}}], "parameters": {"j": {"conditionalValues": {"c": {"value": "{\"a\": }"}}, "valueType": "JSON"}}}"#,
        TemplateProblem(
          .error, at: "parameters.j.conditionalValues.c",
          #""{"a": }" is not JSON (line 1, column 7: expected a JSON value, found '}')"#)
      ),
      (
        #"{"parameters": {"t": {"defaultValue": {"value": "x"}, "valueType": "TEXT"}}}"#,
        TemplateProblem(
          .warning, at: "parameters.t.valueType",
          #"unknown value type "TEXT"; expected STRING, BOOLEAN, NUMBER or JSON"#)
      ),
      (
        #"{"conditions": [{"name": "c", "condition": {"customSignal": {"customSignalOperator": "NUMERIC_EQUAL", "customSignalKey": "k", "targetCustomSignalValues": ["ten"]}}}], "parameters": {"p": {"conditionalValues": {"c": {"value": "1"}}}}}"#,
        TemplateProblem(
          .error, at: "condition 'c'",
          "numeric target 'ten' of customSignal 'k' is not a number; the condition is false wherever it is reached"
        )
      ),
      (
        #"{"conditions": [{"name": "c", "condition": {"customSignal": {"customSignalOperator": "NUMERIC_EQUAL", "customSignalKey": "k", "targetCustomSignalValues": ["1", "2"]}}}], "parameters": {"p": {"conditionalValues": {"c": {"value": "1"}}}}}"#,
        TemplateProblem(
          .warning, at: "condition 'c'",
          "numeric comparison of customSignal 'k' uses only its first target; 1 more ignored")
      ),
      (
        #"{"conditions": [{"name": "c", "condition": {"customSignal": {"customSignalOperator": "SEMANTIC_VERSION_EQUAL", "customSignalKey": "k", "targetCustomSignalValues": ["1.0-beta"]}}}], "parameters": {"p": {"conditionalValues": {"c": {"value": "1"}}}}}"#,
        TemplateProblem(
          .error, at: "condition 'c'",
          "version target '1.0-beta' of customSignal 'k' is not a valid version; the condition is false wherever it is reached"
        )
      ),
    ])
  func rules(text: String, problem: TemplateProblem) {
    #expect(problems(text).contains(problem), "\(problems(text))")
  }

  @Test(
    "BOOLEAN accepts exactly true and false, as the console does", arguments: ["true", "false"])
  func booleans(value: String) {
    #expect(
      problems(
        #"{"parameters": {"b": {"defaultValue": {"value": ""# + value
          + #""}, "valueType": "BOOLEAN"}}}"#
      ).isEmpty)
  }

  @Test("the size and count limits are Firebase's")
  func limits() {
    let many = (0...TemplateValidator.maximumParameters).map {
      #""k\#($0)": {"defaultValue": {"value": "x"}}"#
    }
    let text = #"{"parameters": {"# + many.joined(separator: ",") + "}}"
    #expect(
      problems(text).contains(
        TemplateProblem(.error, at: "parameters", "3001 parameters; Firebase's limit is 3000")))
    let big =
      #"{"parameters": {"k": {"defaultValue": {"value": ""#
      + String(repeating: "x", count: 1_000_001) + #""}}}}"#
    #expect(problems(big).first?.message.hasSuffix("bytes; Firebase's limit is 1000000") == true)
    let conditions = (0...TemplateValidator.maximumConditions).map {
      #"{"name": "c\#($0)", "condition": {"true": {}}}"#
    }
    let text2 = #"{"conditions": ["# + conditions.joined(separator: ",") + "]}"
    #expect(
      problems(text2).contains(
        TemplateProblem(.error, at: "conditions", "2001 conditions; Firebase's limit is 2000")))
  }

  @Test(
    "keys: letters, digits and underscores, not starting with a digit, at most 256",
    arguments: [
      ("a", true), ("_a1", true), ("A_b_C", true), ("1a", false), ("", false), ("a b", false),
      ("ä", false), (String(repeating: "a", count: 256), true),
      (String(repeating: "a", count: 257), false),
    ])
  func keyRule(key: String, valid: Bool) {
    #expect(TemplateValidator.isValidKey(key) == valid)
  }

  @Test(
    "a tag color outside Firebase's list is a warning naming the condition; Firebase's colors pass",
    arguments: [("PINK", false), ("CONDITION_DISPLAY_COLOR_UNSPECIFIED", false), ("RED", true),
      ("pink", true), ("", true)])
  func tagColor(color: String, warned: Bool) {
    let text =
      #"{"conditions": [{"name": "c", "expression": "true", "tagColor": "\#(color)"}],"#
      + #" "parameters": {"p": {"conditionalValues": {"c": {"value": "1"}}}}}"#
    let expected = TemplateProblem(
      .warning, at: "condition 'c'.tagColor",
      "'\(color)' is not one of Firebase's tag colors (BLUE, BROWN, CYAN, DEEP_ORANGE, GREEN,"
        + " INDIGO, LIME, ORANGE, PINK, PURPLE, TEAL, CONDITION_DISPLAY_COLOR_UNSPECIFIED)")
    #expect(problems(text) == (warned ? [expected] : []))
  }
}
