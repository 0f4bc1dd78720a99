import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

private typealias Support = EvaluationTestSupport

/// Explanations never amplify what the template or the context holds: every reason is at
/// most `CompiledTemplate.maximumReasonLength` characters (four times as many scalars) and
/// one line, however long the template's targets, names and lists or the context's values.
@Suite("Explanation size")
struct ExplanationSizeTests {
  static let limit = CompiledTemplate.maximumReasonLength
  static let huge = String(repeating: "x", count: 20_000)
  static let marks = "a" + String(repeating: "\u{301}", count: 20_000)
  static let lines = String(repeating: "line\n\u{1B}[2J", count: 2_000)

  /// A hostile case: a condition, the context it is explained for, and what its first
  /// reason must mention to show the rule was applied and not skipped.
  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let condition: Condition
    let context: EvaluationContext
    let mentions: String
  }

  static let cases: [Case] = [
    Case(
      testDescription: "20,000 long targets",
      condition: Support.signal(
        "s", .string(.exactlyMatches, (0..<20_000).map { "target-\($0)-" + huge.prefix(100) })),
      context: Support.signals(["s": "none"]), mentions: "and 19"),
    Case(
      testDescription: "a huge target", condition: Support.signal("s", .string(.contains, [huge])),
      context: Support.signals(["s": "none"]), mentions: "xxx..."),
    Case(
      testDescription: "a huge context value",
      condition: Support.signal("s", .string(.contains, ["y"])),
      context: Support.signals(["s": .string(huge)]), mentions: "(20000 characters)"),
    Case(
      testDescription: "a value of many combining marks",
      condition: Support.signal("s", .string(.equals, [marks])),
      context: Support.signals(["s": .string(marks)]), mentions: "..."),
    Case(
      testDescription: "newlines and escapes",
      condition: Support.signal("s", .string(.equals, [lines])),
      context: Support.signals(["s": .string(lines)]), mentions: "U+000A U+001B"),
    Case(
      testDescription: "a huge signal key",
      condition: Support.signal(huge, .string(.equals, ["a"])),
      context: Support.signals([huge: "b"]), mentions: "customSignal 'xxx"),
    Case(
      testDescription: "a huge numeric value",
      condition: Support.signal("n", .numeric(.greaterThan, ["1"])),
      context: Support.signals(["n": .string("0." + String(repeating: "0", count: 20_000))]),
      mentions: "..."),
    Case(
      testDescription: "2,000 regex patterns",
      condition: Support.signal(
        "s", .string(.containsRegex, (0..<2_000).map { "p\($0)" + huge.prefix(500) })),
      context: Support.signals(["s": "none"]), mentions: "more"),
    Case(
      testDescription: "an and of 5,000 true children",
      condition: .and(
        Array(
          repeating: Support.signal("s", .string(.contains, [String(huge.prefix(50))])),
          count: 5_000)),
      context: Support.signals(["s": .string(String(huge.prefix(60)))]), mentions: "more"),
    Case(
      testDescription: "nested and/or of long explanations",
      condition: .or(
        Array(
          repeating: .and(
            Array(repeating: Support.signal("s", .string(.equals, [huge])), count: 1) + [
              .constant(false)
            ]), count: 5_000)),
      context: Support.signals(["s": .string(huge)]), mentions: "more"),
    Case(
      testDescription: "audiences with huge names",
      condition: .signal(
        SignalCondition(.audiences, .audience(.inAll, Array(repeating: huge, count: 1_000)))),
      context: EvaluationContext(audiences: ["a"]), mentions: "..."),
  ]

  @Test("every reason is at most the documented length and one line", arguments: cases)
  func boundedReasons(hostile: Case) throws {
    let compiled = CompiledTemplate(
      Template(
        conditions: [NamedCondition(name: "c" + Self.huge, condition: hostile.condition)],
        parameters: [
          TemplateParameter(
            key: "p", defaultValue: .value("no"),
            conditionalValues: [
              ConditionalValue(conditionName: "c" + Self.huge, value: .value("yes"))
            ])
        ]))
    let reasons = compiled.explain(key: "p", hostile.context, now: TestTime.start).reasons
    let first = try #require(reasons.first).message
    #expect(first.contains(hostile.mentions))
    for reason in reasons {
      #expect(reason.message.count <= Self.limit + 3)
      #expect(reason.message.unicodeScalars.count <= 4 * Self.limit + 3)
      #expect(!reason.message.contains("\n"))
    }
  }

  @Test("a key name in a reason is cut too")
  func hugeKey() {
    let reasons = CompiledTemplate(Template()).explain(
      key: Self.huge, EvaluationContext(), now: TestTime.start
    ).reasons
    #expect(reasons.map(\.message.count).allSatisfy { $0 < 200 })
  }

  @Test("explaining many keys evaluates each condition once and says what explaining each does")
  func manyKeys() {
    let targets = (0..<5_000).map { "target-\($0)-" + Self.huge.prefix(30) }
    let conditions = [
      NamedCondition(name: "long", condition: Support.signal("s", .string(.equals, targets))),
      NamedCondition(name: "paid", condition: Support.signal("s", .string(.equals, ["paid"]))),
    ]
    let parameters = (0..<2_000).map { index in
      TemplateParameter(
        key: "k\(index)", defaultValue: index.isMultiple(of: 3) ? nil : .value("d"),
        conditionalValues: [
          ConditionalValue(
            conditionName: index.isMultiple(of: 2) ? "long" : "paid", value: .value("v"))
        ])
    }
    let compiled = CompiledTemplate(Template(conditions: conditions, parameters: parameters))
    let keys = compiled.keys + ["absent"]
    let context = Support.signals(["s": "paid"])
    let defaults = InAppDefaults(["k3": "app"])
    let all = compiled.explain(keys: keys, context, defaults: defaults, now: TestTime.start)
    #expect(all.count == keys.count)
    for position in [0, 1, 2, 3, 1_999, 2_000] {
      #expect(
        all[position]
          == compiled.explain(key: keys[position], context, defaults: defaults, now: TestTime.start)
      )
    }
    let characters = all.reduce(0) { $0 + $1.reasons.reduce(0) { $0 + $1.message.count } }
    #expect(characters <= keys.count * 2 * Self.limit)
  }
}
