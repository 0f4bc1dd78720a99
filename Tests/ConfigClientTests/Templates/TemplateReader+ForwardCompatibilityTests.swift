import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Forward compatibility, as Firebase's server-side evaluators have it: what a newer Firebase
/// may write and this version does not know is false, with a warning naming the place, and
/// never stops the template from loading.
extension TemplateReaderTests {
  /// A client template whose condition `c` comes first and `everyone` second: `p` is
  /// "later" when `c` is false, which also shows evaluation carries on past it.
  static func clientTemplate(_ expression: String) -> String {
    let quoted = JSONValue.string(expression).jsonText
    return """
      {"conditions": [{"name": "c", "expression": \(quoted)}, {"name": "everyone", "expression": "true"}],
       "parameters": {"p": {"defaultValue": {"value": "default"},
         "conditionalValues": {"c": {"value": "unknown"}, "everyone": {"value": "later"}}}}}
      """
  }

  /// A context in which any misread of the unknown parts would likely come out true.
  static let richContext = EvaluationContext(
    randomizationID: "r", customSignals: ["k": "a"], appVersion: "1", appBuild: "1",
    platform: "ios", userProperties: ["k": "1"], audiences: ["a"])

  @Test(
    "an unknown method or percent operator, or a web-only signal, is false with a warning",
    arguments: [
      (
        "app.customSignal['k'].startsWith(['a'])", 23,
        "unknown method 'startsWith' of app.customSignal['k'] evaluates to false; Firebase's"
          + " methods are exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.userProperty['k'].between(['1', '2'])", 23,
        "unknown method 'between' of app.userProperty['k'] evaluates to false; Firebase's"
          + " methods are exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.version.startsWith(['1'])", 13,
        "unknown method 'startsWith' of app.version evaluates to false; Firebase's methods are"
          + " .==, .!=, .<, .<=, .>, .>=, exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.build.isPrerelease()", 11,
        "unknown method 'isPrerelease' of app.build evaluates to false; Firebase's methods are"
          + " .==, .!=, .<, .<=, .>, .>=, exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.audiences.inNone(['a'])", 15,
        "unknown method 'inNone' of app.audiences evaluates to false; Firebase's methods are"
          + " inAtLeastOne, notInAtLeastOne, inAll and notInAll"
      ),
      (
        "percent >= 10", 9,
        "unknown percent operator '>=' evaluates to false; Firebase's are <=, > and between"
      ),
      (
        "percent('seed') == 5", 17,
        "unknown percent operator '==' evaluates to false; Firebase's are <=, > and between"
      ),
      (
        "percent within 10 and 20", 9,
        "unknown percent operator 'within' evaluates to false; Firebase's are <=, > and between"
      ),
      (
        "app.operatingSystemAndVersion.satisfies([['Android', '>=', '12']])", 1,
        "'app.operatingSystemAndVersion' is a Firebase signal of web apps that Switchyard does"
          + " not evaluate; this part of the condition is false"
      ),
      (
        "device.os == 'ios' && app.customSignal['k'].newOp(['a', 'b']) && percent <= 100", 45,
        "unknown method 'newOp' of app.customSignal['k'] evaluates to false; Firebase's methods"
          + " are exactlyMatches, contains, notContains and matches"
      ),
    ])
  func unknownsInExpressions(expression: String, column: Int, message: String) throws {
    let text = Self.clientTemplate(expression)
    #expect(
      TemplateReader().read(text).problems == [
        TemplateProblem(.warning, at: "condition 'c', column \(column)", message)
      ])
    #expect(
      TemplateValidator().validate(utf8: Array(text.utf8)).filter { $0.severity == .error }
        .isEmpty)
    let values = CompiledTemplate(try Template(json: text)).evaluate(Self.richContext, now: TestTime.start)
    #expect(values["p"].rawValue == "later")
  }

  @Test("--explain names the part of the expression that was not known")
  func explainsUnknownParts() throws {
    let text = Self.clientTemplate("app.customSignal['k'].startsWith(['a'])")
    let explained = CompiledTemplate(try Template(json: text)).explain(
      key: "p", Self.richContext, now: TestTime.start)
    #expect(
      explained.reasons.first?.message
        == "condition 'c' is false: unknown condition kind 'app.customSignal['k'].startsWith'")
  }

  @Test(
    "what Firebase's grammar has no room for stays an error, even next to an unknown method",
    arguments: [
      "app.customSignal['k'].startsWith", "app.customSignal['k'].startsWith(['a'] && true",
      "app.customSignal['k'].startsWith(['a'])) && true", "percent >= 'ten'", "percent >=",
      "app.customSignal['k'].startsWith(['a']) || true", "app.id.contains(['a'])",
    ])
  func grammarStaysStrict(expression: String) {
    let problems = TemplateReader().read(Self.clientTemplate(expression)).problems
    #expect(problems.contains { $0.severity == .error }, "\(problems)")
  }
}

extension ServerConditionReaderTests {
  /// A server template whose condition `c` is `node`, bare or as the server writes it
  /// (inside an orCondition and an andCondition), followed by a true condition `everyone`.
  static func serverTemplate(_ node: String, wrapped: Bool) -> String {
    let tree =
      wrapped
      ? #"{"orCondition": {"conditions": [{"andCondition": {"conditions": ["# + node + "]}}]}}"
      : node
    return """
      {"conditions": [{"name": "c", "condition": \(tree)}, {"name": "everyone", "condition": {"true": {}}}],
       "parameters": {"p": {"defaultValue": {"value": "default"},
         "conditionalValues": {"c": {"value": "unknown"}, "everyone": {"value": "later"}}}}}
      """
  }

  static let nodePrefix =
    "condition 'c'.condition.orCondition.conditions[0].andCondition.conditions[0]"

  @Test(
    "an unknown custom signal operator, percent operator or node kind is false with a warning",
    arguments: [
      (
        #"{"customSignal": {"customSignalOperator": "UNKNOWN"}}"#,
        ".customSignal.customSignalOperator",
        "unknown custom signal operator 'UNKNOWN' evaluates to false; Firebase's operators are "
          + ServerConditionReaderTests.customSignalOperators
      ),
      (
        #"{"customSignal": {"customSignalOperator": "STRING_STARTS_WITH", "customSignalKey": "k", "targetCustomSignalValues": ["a"]}}"#,
        ".customSignal.customSignalOperator",
        "unknown custom signal operator 'STRING_STARTS_WITH' evaluates to false; Firebase's"
          + " operators are " + ServerConditionReaderTests.customSignalOperators
      ),
      (
        #"{"customSignal": {"customSignalKey": "k", "targetCustomSignalValues": ["a"]}}"#,
        ".customSignal.customSignalOperator",
        "unknown custom signal operator '' evaluates to false; Firebase's operators are "
          + ServerConditionReaderTests.customSignalOperators
      ),
      (
        #"{"percent": {"percentOperator": "UNKNOWN"}}"#, ".percent.percentOperator",
        "unknown percent operator 'UNKNOWN' evaluates to false; Firebase's operators are"
          + " LESS_OR_EQUAL, GREATER_THAN and BETWEEN"
      ),
      (
        #"{"percent": {"percentOperator": "GREATER_OR_EQUAL", "microPercent": 0}}"#,
        ".percent.percentOperator",
        "unknown percent operator 'GREATER_OR_EQUAL' evaluates to false; Firebase's operators"
          + " are LESS_OR_EQUAL, GREATER_THAN and BETWEEN"
      ),
      (
        #"{"percent": {"seed": "s", "microPercent": 100000000}}"#, ".percent.percentOperator",
        "unknown percent operator '' evaluates to false; Firebase's operators are"
          + " LESS_OR_EQUAL, GREATER_THAN and BETWEEN"
      ),
      (
        #"{"futureCondition": {"x": 1}}"#, ".futureCondition",
        "unknown condition kind 'futureCondition' evaluates to false; Firebase's kinds are"
          + " orCondition, andCondition, true, false, percent, customSignal"
      ),
    ])
  func unknownsInTrees(node: String, suffix: String, message: String) throws {
    for wrapped in [false, true] {
      let text = Self.serverTemplate(node, wrapped: wrapped)
      let location = (wrapped ? Self.nodePrefix : "condition 'c'.condition") + suffix
      #expect(
        TemplateReader().read(text).problems == [TemplateProblem(.warning, at: location, message)])
      let values = CompiledTemplate(try Template(json: text)).evaluate(
        TemplateReaderTests.richContext, now: TestTime.start)
      #expect(values["p"].rawValue == "later")
    }
  }

  static let customSignalOperators =
    "STRING_CONTAINS, STRING_DOES_NOT_CONTAIN, STRING_EXACTLY_MATCHES, STRING_CONTAINS_REGEX,"
    + " NUMERIC_LESS_THAN, NUMERIC_LESS_EQUAL, NUMERIC_EQUAL, NUMERIC_NOT_EQUAL,"
    + " NUMERIC_GREATER_THAN, NUMERIC_GREATER_EQUAL, SEMANTIC_VERSION_LESS_THAN,"
    + " SEMANTIC_VERSION_LESS_EQUAL, SEMANTIC_VERSION_EQUAL, SEMANTIC_VERSION_NOT_EQUAL,"
    + " SEMANTIC_VERSION_GREATER_THAN, SEMANTIC_VERSION_GREATER_EQUAL"

  @Test(
    "with no kind it knows, a node's unknown kind is the member that is not 'name', wherever it stands",
    arguments: [#"{"name": "", "futureKind": {}}"#, #"{"futureKind": {"x": 1}, "name": "n"}"#])
  func unknownKindBesideName(node: String) throws {
    for wrapped in [false, true] {
      let text = Self.serverTemplate(node, wrapped: wrapped)
      let prefix = wrapped ? Self.nodePrefix : "condition 'c'.condition"
      let problems = TemplateReader().read(text).problems
      #expect(
        problems.first
          == TemplateProblem(
            .warning, at: prefix + ".futureKind",
            "unknown condition kind 'futureKind' evaluates to false; Firebase's kinds are"
              + " orCondition, andCondition, true, false, percent, customSignal"))
      #expect(problems.map(\.location) == [prefix + ".futureKind", prefix + ".name"])
      #expect(problems.allSatisfy { $0.severity == .warning })
    }
  }

  @Test("a node holding only 'name' holds no kind: an empty condition, as '{}' is")
  func onlyName() {
    let problems = TemplateReader().read(Self.serverTemplate(#"{"name": "x"}"#, wrapped: false))
      .problems
    #expect(
      problems == [
        TemplateProblem(
          .error, at: "condition 'c'.condition",
          "empty condition; expected one of orCondition, andCondition, true, false, percent,"
            + " customSignal")
      ])
  }

  @Test(
    "a node with members beside its one kind is read as that kind, the others warned about",
    arguments: [
      (#"{"name": "", "true": {}}"#, Condition.constant(true), ["name"]),
      (#"{"name": "", "false": {}}"#, .constant(false), ["name"]),
      (#"{"true": {}, "comment": "always"}"#, .constant(true), ["comment"]),
      (
        #"{"name": "x", "orCondition": {"conditions": [{"true": {}}]}, "id": 3}"#,
        .or([.constant(true)]), ["name", "id"]
      ),
      (
        #"{"name": "", "customSignal": {"customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "k", "targetCustomSignalValues": ["a"]}}"#,
        .signal(SignalCondition(.customSignal("k"), .string(.exactlyMatches, ["a"]))), ["name"]
      ),
    ])
  func membersBesideTheKind(node: String, expected: Condition, others: [String]) throws {
    for wrapped in [false, true] {
      let text = Self.serverTemplate(node, wrapped: wrapped)
      let template = try Template(json: text)
      let condition = try #require(template.conditions.first).condition
      #expect(condition == (wrapped ? .or([.and([expected])]) : expected))
      let prefix = wrapped ? Self.nodePrefix : "condition 'c'.condition"
      #expect(
        TemplateReader().read(text).problems.map(\.location) == others.map { "\(prefix).\($0)" })
      #expect(TemplateReader().read(text).problems.allSatisfy { $0.severity == .warning })
    }
  }

  @Test(
    "unknown members inside a node's body are warned about and do not change its meaning",
    arguments: [
      (#"{"andCondition": {"conditions": [{"true": {}}], "op": "all"}}"#, ".andCondition.op"),
      (
        #"{"percent": {"percentOperator": "LESS_OR_EQUAL", "microPercent": 0, "unit": "micro"}}"#,
        ".percent.unit"
      ),
      (
        #"{"percent": {"percentOperator": "BETWEEN", "microPercentRange": {"microPercentUpperBound": 5, "inclusive": true}}}"#,
        ".percent.microPercentRange.inclusive"
      ),
      (
        #"{"customSignal": {"customSignalOperator": "STRING_CONTAINS", "customSignalKey": "k", "targetCustomSignalValues": ["a"], "caseSensitive": false}}"#,
        ".customSignal.caseSensitive"
      ),
    ])
  func membersInsideBodies(node: String, suffix: String) throws {
    let text = Self.serverTemplate(node, wrapped: false)
    let problems = TemplateReader().read(text).problems
    #expect(problems.map(\.location) == ["condition 'c'.condition" + suffix])
    #expect(problems.allSatisfy { $0.severity == .warning })
    #expect(problems.first?.message.hasPrefix("unknown member '") == true)
  }
}
