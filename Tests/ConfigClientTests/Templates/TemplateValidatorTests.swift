import ConfigClient
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
}

@Suite("EvaluationContext from JSON")
struct EvaluationContextJSONTests {
  @Test("reads every field of the tool's context line")
  func readsEveryField() throws {
    let line = """
      {"randomizationId": "u1", "customSignals": {"grade": 3, "tier": "paid"},
       "appVersion": "2.3.0", "appBuild": "120", "appId": "com.example", "platform": "ios",
       "country": "JP", "language": "ja", "userProperties": {"plan": "pro"},
       "audiences": ["a", "b"], "installationId": "fid", "firstOpen": "2025-01-01T09:00:00+09:00",
       "now": "2025-04-01T00:00:00Z"}
      """
    guard case .object(let object) = try JSONParser().parse(line) else {
      Issue.record("not an object")
      return
    }
    let context = try EvaluationContext(json: object)
    #expect(context.randomizationID == "u1")
    #expect(context.customSignals == ["grade": 3, "tier": "paid"])
    #expect(
      context.appVersion == "2.3.0" && context.appBuild == "120" && context.appID == "com.example")
    #expect(context.platform == "ios" && context.country == "JP" && context.language == "ja")
    #expect(context.userProperties == ["plan": "pro"])
    #expect(context.audiences == ["a", "b"])
    #expect(context.installationID == "fid")
    #expect(context.firstOpenTime == (try Timestamp.parse("2025-01-01T00:00:00Z")))
    #expect(context.now == (try Timestamp.parse("2025-04-01T00:00:00Z")))
  }

  @Test(
    "bad fields are errors naming the field",
    arguments: [
      (
        #"{"randomizationId": 3}"#,
        "context field 'randomizationId': expected a string, found a number"
      ),
      (
        #"{"customSignals": {"g": true}}"#,
        "context field 'customSignals.g': expected a string or a number, found a boolean"
      ),
      (#"{"audiences": "a"}"#, "context field 'audiences': expected an array, found a string"),
      (
        #"{"now": "2025-04-01T00:00:00"}"#,
        #"context field 'now': invalid timestamp "2025-04-01T00:00:00" at column 20: missing UTC offset (add Z or +HH:MM)"#
      ),
      (#"{"randomizationID": "typo"}"#, "context field 'randomizationID': unknown field"),
    ])
  func badFields(line: String, message: String) throws {
    guard case .object(let object) = try JSONParser().parse(line) else { return }
    #expect(throws: ContextError.self) { try EvaluationContext(json: object) }
    do {
      _ = try EvaluationContext(json: object)
    } catch {
      #expect(error.description == message)
    }
  }
}

@Suite("InAppDefaults")
struct InAppDefaultsTests {
  @Test(
    "a flat object of strings, numbers and Booleans; numbers and Booleans keep their JSON spelling")
  func flatObject() throws {
    let defaults = try InAppDefaults(
      json: JSONParser().parse(#"{"s": "x", "n": 1.50, "e": 1e3, "b": true, "j": {"a": [1]}}"#))
    #expect(
      defaults.values == ["s": "x", "n": "1.50", "e": "1e3", "b": "true", "j": #"{"a":[1]}"#])
  }

  @Test("null values and non-objects are errors naming the key")
  func errors() throws {
    #expect(
      throws: DefaultsError(
        key: "x", message: "null is not a default; remove the key or give a value")
    ) {
      try InAppDefaults(json: JSONParser().parse(#"{"x": null}"#))
    }
    #expect(throws: DefaultsError.self) { try InAppDefaults(json: JSONParser().parse("[]")) }
  }
}
