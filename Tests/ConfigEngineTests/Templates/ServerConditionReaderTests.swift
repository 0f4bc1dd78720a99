import ConfigEngine
import Core
import Foundation
import Testing

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
    #expect(
      try condition(#"{"futureCondition": {"x": 1}}"#)
        == .unknown("condition kind 'futureCondition' is not known to this version of Switchyard"))
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
