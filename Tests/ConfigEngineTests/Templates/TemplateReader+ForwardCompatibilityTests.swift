import ConfigEngine
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

  /// The warning reading gives for an atom it does not know, and the error `validate` makes
  /// of it: one wording for both formats.
  static func unknown(
    _ atom: String, _ detail: String, at location: String, severity: TemplateProblem.Severity
  ) -> TemplateProblem {
    let message =
      "\(atom) is not known to this version of Switchyard and is false: \(detail)"
      + (severity == .error
        ? "; Firebase refuses at publish what it does not know, so check the spelling; an"
          + " element newer than this Switchyard needs a newer Switchyard" : "")
    return TemplateProblem(severity, at: location, message, kind: .unknownConditionElement)
  }

  @Test(
    "an atom Switchyard does not know is false with a warning naming its column; validate refuses it",
    arguments: [
      (
        "exp", "'exp'", 1,
        "unknown signal 'exp'; Firebase's conditions test " + TemplateReaderTests.signals
      ),
      (
        "user.property('x')", "'user.property('x')'", 1,
        "unknown signal 'user.property'; Firebase's conditions test "
          + TemplateReaderTests.signals
          + "; a user property is app.userProperty['name'] and a signal the app sets is"
          + " app.customSignal['name']"
      ),
      (
        "app.customSignal['k'].startsWith(['a'])", "'app.customSignal['k'].startsWith(['a'])'",
        23,
        "'app.customSignal['k']' has no method 'startsWith'; Firebase's are exactlyMatches,"
          + " contains, notContains and matches"
      ),
      (
        "app.userProperty['k'].between(['1', '2'])",
        "'app.userProperty['k'].between(['1', '2']...'",
        23,
        "'app.userProperty['k']' has no method 'between'; Firebase's are exactlyMatches,"
          + " contains, notContains and matches"
      ),
      (
        "app.version.startsWith(['1'])", "'app.version.startsWith(['1'])'", 13,
        "'app.version' has no method 'startsWith'; Firebase's are .==, .!=, .<, .<=, .>, .>=,"
          + " exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.build.isPrerelease()", "'app.build.isPrerelease()'", 11,
        "'app.build' has no method 'isPrerelease'; Firebase's are .==, .!=, .<, .<=, .>, .>=,"
          + " exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.audiences.inNone(['a'])", "'app.audiences.inNone(['a'])'", 15,
        "'app.audiences' has no method 'inNone'; Firebase's are inAtLeastOne, notInAtLeastOne,"
          + " inAll and notInAll"
      ),
      ("percent >= 10", "'percent >= 10'", 9, TemplateReaderTests.percentHasNo("'>='")),
      (
        "percent('seed') == 5", "'percent('seed') == 5'", 17,
        TemplateReaderTests.percentHasNo("'=='")
      ),
      (
        "percent within 10 and 20", "'percent within 10 and 20'", 9,
        TemplateReaderTests.percentHasNo("'within'")
      ),
      (
        "app.id.contains(['a'])", "'app.id.contains(['a'])'", 8,
        "'app.id' has no method 'contains'; Firebase tests it with '==' or '!='"
      ),
      (
        "device.os in ['ios', 'android']", "'device.os in ['ios', 'android']'", 11,
        "'device.os' has no operator 'in'; Firebase tests it with '==' or '!='"
      ),
      (
        "version(app.customSignal['v']) in ['1.2', '1.3']",
        "'version(app.customSignal['v']) in ['1.2'...'", 32,
        "'version(...)' has no operator 'in'; Firebase tests it with '==', '!=', '<', '<=', '>'"
          + " or '>='"
      ),
      (
        "dateTime <= dateTime('2025-01-01T00:00:00', 'Asia/Tokyo')",
        "'dateTime <= dateTime('2025-01-01T00:00:0...'", 10,
        "'dateTime' has no operator '<='; Firebase tests it with '<' or '>='"
      ),
      (
        "user.tier == null", "'user.tier == null'", 1,
        "unknown signal 'user.tier'; Firebase's conditions test " + TemplateReaderTests.signals
          + "; a user property is app.userProperty['name'] and a signal the app sets is"
          + " app.customSignal['name']"
      ),
      (
        "device.os == 'ios' || percent <= 10", "'device.os == 'ios' || percent <= 10'", 20,
        "'||' is not supported: Firebase conditions join atoms with '&&' only"
      ),
      (
        "(device.os == 'ios')", "'(device.os == 'ios')'", 1,
        "'(' is not supported here: Firebase conditions have no grouping; join atoms with '&&'"
      ),
      (
        "device.os == 'ios' && app.customSignal['k'].newOp(['a', 'b']) && percent <= 100",
        "'app.customSignal['k'].newOp(['a', 'b'])'", 45,
        "'app.customSignal['k']' has no method 'newOp'; Firebase's are exactlyMatches, contains,"
          + " notContains and matches"
      ),
    ])
  func unknownsInExpressions(expression: String, atom: String, column: Int, detail: String)
    throws
  {
    let text = Self.clientTemplate(expression)
    let location = "condition 'c', column \(column)"
    #expect(
      TemplateReader().read(text).problems == [
        Self.unknown(atom, detail, at: location, severity: .warning)
      ])
    #expect(
      TemplateValidator().validate(utf8: Array(text.utf8)).filter { $0.severity == .error } == [
        Self.unknown(atom, detail, at: location, severity: .error)
      ])
    #expect(throws: ConditionSyntaxError.self) {
      try NamedCondition(name: "c", expression: expression)
    }
    let values = CompiledTemplate(try Template(json: text)).evaluate(
      Self.richContext, now: TestTime.start)
    #expect(values["p"].rawValue == "later")
  }

  @Test("a web-only signal, which Firebase knows, is false with a warning and no error anywhere")
  func webOnlySignal() throws {
    let expression = "app.operatingSystemAndVersion.satisfies([['Android', '>=', '12']])"
    let text = Self.clientTemplate(expression)
    let warning = TemplateProblem(
      .warning, at: "condition 'c', column 1",
      "'app.operatingSystemAndVersion' is a Firebase signal of web apps that Switchyard does"
        + " not evaluate; this part of the condition is false")
    #expect(TemplateReader().read(text).problems == [warning])
    #expect(TemplateValidator().validate(utf8: Array(text.utf8)).contains(warning))
    #expect(
      TemplateValidator().validate(utf8: Array(text.utf8)).allSatisfy { $0.severity == .warning })
    let named = try NamedCondition(name: "c", expression: expression)
    #expect(
      named.condition
        == .unknown(
          "'app.operatingSystemAndVersion' is a Firebase signal of web apps that Switchyard does"
            + " not evaluate"))
    let values = CompiledTemplate(try Template(json: text)).evaluate(
      Self.richContext, now: TestTime.start)
    #expect(values["p"].rawValue == "later")
  }

  @Test(
    "a compiled template repeats reading's warnings for the conditions it cannot evaluate whole")
  func conditionWarnings() throws {
    let text = """
      {"conditions": [
         {"name": "a", "expression": "device.os == 'ios' && exp"},
         {"name": "b", "expression": "app.browserAndVersion.satisfies(['x'])"},
         {"name": "c", "condition": {"percent": {"percentOperator": "AT_LEAST", "microPercent": 5}}},
         {"name": "d", "expression": "device.os == 'ios'"}],
       "parameters": {"p": {"conditionalValues": {"a": {"value": "1"}, "b": {"value": "2"},
         "c": {"value": "3"}, "d": {"value": "4"}}}}}
      """
    let read = TemplateReader().read(text)
    #expect(
      read.problems.map(\.location) == [
        "condition 'a', column 23", "condition 'b', column 1",
        "condition 'c'.condition.percent.percentOperator",
      ])
    // However the template was made: Template(json:) keeps no warnings.
    #expect(CompiledTemplate(try Template(json: text)).conditionWarnings == read.problems)
    #expect(
      CompiledTemplate(try Template(json: Self.clientTemplate("true"))).conditionWarnings == [])
  }

  @Test("--explain says which part of the expression this version does not know")
  func explainsUnknownParts() throws {
    let text = Self.clientTemplate("device.os == 'ios' && app.customSignal['k'].startsWith(['a'])")
    let explained = CompiledTemplate(try Template(json: text)).explain(
      key: "p", Self.richContext, now: TestTime.start)
    #expect(
      explained.reasons.first?.message
        == "condition 'c' is false: 'app.customSignal['k'].startsWith(['a'])' is not known to"
        + " this version of Switchyard")
  }

  @Test(
    "a malformed expression stays an error for every reader, even next to an unknown atom",
    arguments: [
      ("exp && (", "column 9: expected ')' to close the '(' at column 8"),
      (
        "app.customSignal['k'].startsWith(['a'] && true",
        "column 47: expected ')' to close the"
          + " '(' at column 33"
      ),
      (
        "app.customSignal['k'].startsWith(['a'])) && true",
        "column 40: unexpected ')': nothing"
          + " is open"
      ),
      ("exp && x.y([)]", "column 13: ')' does not close the '[' at column 12"),
      ("exp && device.os == 'ios", "column 21: unterminated string: expected a closing \"'\""),
      ("exp && && true", "column 8: expected a condition"),
      ("exp &&", "column 7: expected a condition"),
      ("&& exp", "column 1: expected a condition"),
      ("", "column 1: expected a condition"),
      ("exp # note", "column 5: unexpected character '#'"),
      ("exp & true", "column 5: expected '&&'"),
      // A known element written wrong: an operator with no operand, an unquoted value, a
      // value of the wrong type, a method with no list.
      ("device.os ==", "column 13: expected a quoted string after 'device.os =='"),
      (
        "device.os == ios",
        "column 14: expected a quoted string after 'device.os =='; write 'ios' in single quotes"
      ),
      (
        "percent <= '10'",
        "column 12: expected a percent from 0 to 100, written as a number without quotes"
      ),
      (
        "app.customSignal['k'].contains()",
        "column 32: expected a list of quoted strings such as ['a'] inside 'contains(...)'"
      ),
      ("device.os == 'ios' &&", "column 22: expected a condition"),
      // Text after a whole condition, and no condition at all.
      ("device.os == 'ios' 'x'", "column 20: expected '&&' or end of expression"),
      ("'x'", "column 1: " + TemplateReaderTests.expectedCondition),
      ("1 == 1", "column 1: " + TemplateReaderTests.expectedCondition),
      ("exp && 'x'", "column 8: " + TemplateReaderTests.expectedCondition),
      // An unknown name in text without a condition's shape: an operator with no operand,
      // a bare word where a value stands, an argument that is not a literal, an empty list,
      // text after the condition, a group left without a condition.
      ("percent >=", "column 11: " + TemplateReaderTests.expectedValue(after: "'>='")),
      ("exp ==", "column 7: " + TemplateReaderTests.expectedValue(after: "'=='")),
      (
        "device.model == ios",
        "column 17: " + TemplateReaderTests.expectedValue(after: "'=='")
          + "; write 'ios' in single quotes"
      ),
      (
        "app.customSignal['k'].startsWith(x)",
        "column 34: expected a literal as an argument: a quoted string, a number or a list;"
          + " write 'x' in single quotes"
      ),
      (
        "app.audiences.inSome(['a', []])",
        "column 29: expected a quoted string, a number or a list: a list holds at least one"
      ),
      ("app.audiences.inSome 'a'", "column 22: expected '&&' or end of expression"),
      (
        "app.browserAndVersion.satisfies(['x']) 'y'",
        "column 40: expected '&&' or end of expression"
      ),
      ("device.os == 'ios' || ()", "column 24: " + TemplateReaderTests.expectedCondition),
      ("!", "column 2: " + TemplateReaderTests.expectedCondition),
    ])
  func malformedStaysAnError(expression: String, error: String) throws {
    let text = Self.clientTemplate(expression)
    let problems = TemplateReader().read(text).problems
    #expect(problems.map(\.description) == ["error: condition 'c', \(error)"])
    #expect(throws: TemplateError.self) { try Template(json: text) }
  }

  @Test(
    "an invalid value of an element Switchyard knows stays an error for every reader",
    arguments: [
      ("percent <= 101", 12, "percent '101' is above 100"),
      ("percent between 60 and 50", 17, "percent range is reversed: 60 is above 50"),
      (
        "percent('a b') <= 10", 9,
        "invalid percent seed 'a b': use 0 to 32 characters of A-Z, a-z, 0-9, '-', '_' and '.'"
      ),
      ("app.customSignal[''] > 1", 18, "the key must not be empty"),
      (
        "version(app.customSignal['v']) >= '1.2.x'", 35,
        "invalid version \"1.2.x\": segment 3 is not made of digits 0-9"
      ),
      (
        "dateTime < dateTime('2025-13-01T00:00:00')", 21,
        "invalid date and time '2025-13-01T00:00:00': month must be 1...12"
      ),
      (
        "dateTime < dateTime('2025-01-01T00:00:00', 'Mars/Olympus')", 44,
        "unknown time zone 'Mars/Olympus'"
      ),
    ])
  func invalidValueStaysAnError(expression: String, column: Int, message: String) throws {
    // After an unknown atom, so the error is not just the first thing the parser met.
    let text = Self.clientTemplate("exp && " + expression)
    let errors = TemplateReader().read(text).problems.filter { $0.severity == .error }
    #expect(errors == [TemplateProblem(.error, at: "condition 'c', column \(column + 7)", message)])
    #expect(throws: TemplateError.self) { try Template(json: text) }
  }

  /// What an atom that does not start with a signal is told.
  static let expectedCondition =
    "expected a condition, which starts with a signal such as device.os, percent or true"

  /// What an operator with no operand is told.
  static func expectedValue(after quotedOperator: String) -> String {
    "expected a value after \(quotedOperator): a quoted string, a number, a list or a call"
  }

  /// What the message about an operator `percent` does not have says.
  static func percentHasNo(_ quotedOperator: String) -> String {
    "'percent' has no operator \(quotedOperator); Firebase tests it with '<=', '>' or 'between'"
  }

  /// Firebase's signals, as the message about an unknown one lists them.
  static let signals =
    "app.build, app.version, app.id, app.audiences, app.firstOpenTimestamp,"
    + " app.firebaseInstallationId, app.userProperty['name'], app.customSignal['name'],"
    + " device.os, device.country, device.language, dateTime, percent, true and false"
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
        "custom signal operator 'UNKNOWN' is not known to this version of Switchyard and is"
          + " false: Firebase's operators are "
          + ServerConditionReaderTests.customSignalOperators
      ),
      (
        #"{"customSignal": {"customSignalOperator": "STRING_STARTS_WITH", "customSignalKey": "k", "targetCustomSignalValues": ["a"]}}"#,
        ".customSignal.customSignalOperator",
        "custom signal operator 'STRING_STARTS_WITH' is not known to this version of Switchyard"
          + " and is false: Firebase's operators are "
          + ServerConditionReaderTests.customSignalOperators
      ),
      (
        #"{"customSignal": {"customSignalKey": "k", "targetCustomSignalValues": ["a"]}}"#,
        ".customSignal.customSignalOperator",
        "custom signal operator '' is not known to this version of Switchyard and is false:"
          + " Firebase's operators are "
          + ServerConditionReaderTests.customSignalOperators
      ),
      (
        #"{"percent": {"percentOperator": "UNKNOWN"}}"#, ".percent.percentOperator",
        "percent operator 'UNKNOWN' is not known to this version of Switchyard and is false:"
          + " Firebase's operators are LESS_OR_EQUAL, GREATER_THAN and BETWEEN"
      ),
      (
        #"{"percent": {"percentOperator": "GREATER_OR_EQUAL", "microPercent": 0}}"#,
        ".percent.percentOperator",
        "percent operator 'GREATER_OR_EQUAL' is not known to this version of Switchyard and is false:"
          + " Firebase's operators are LESS_OR_EQUAL, GREATER_THAN and BETWEEN"
      ),
      (
        #"{"percent": {"seed": "s", "microPercent": 100000000}}"#, ".percent.percentOperator",
        "percent operator '' is not known to this version of Switchyard and is false:"
          + " Firebase's operators are LESS_OR_EQUAL, GREATER_THAN and BETWEEN"
      ),
      (
        #"{"futureCondition": {"x": 1}}"#, ".futureCondition",
        "condition kind 'futureCondition' is not known to this version of Switchyard and is"
          + " false: Firebase's kinds are orCondition, andCondition, true, false, percent,"
          + " customSignal"
      ),
    ])
  func unknownsInTrees(node: String, suffix: String, message: String) throws {
    for wrapped in [false, true] {
      let text = Self.serverTemplate(node, wrapped: wrapped)
      let location = (wrapped ? Self.nodePrefix : "condition 'c'.condition") + suffix
      #expect(
        TemplateReader().read(text).problems == [
          TemplateProblem(.warning, at: location, message, kind: .unknownConditionElement)
        ])
      #expect(
        TemplateValidator().validate(utf8: Array(text.utf8)).filter { $0.severity == .error }
          .map(\.message) == [
            message + "; Firebase refuses at publish what it does not know, so check the"
              + " spelling; an element newer than this Switchyard needs a newer Switchyard"
          ])
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
            "condition kind 'futureKind' is not known to this version of Switchyard and is false:"
              + " Firebase's kinds are orCondition, andCondition, true, false, percent,"
              + " customSignal", kind: .unknownConditionElement))
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
