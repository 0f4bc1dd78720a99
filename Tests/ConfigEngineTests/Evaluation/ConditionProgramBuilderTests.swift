@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Equal tests share one entry of the compiled program, and an evaluation computes each entry
/// once; what makes tests equal is what evaluation reads, down to the bytes.
@Suite("Condition program builder")
struct ConditionProgramBuilderTests {
  static let now = TestTime.start

  /// A template with one condition per entry of `conditions` (`c0`, `c1`, ...) and one
  /// parameter per condition (`p<i>` is "yes" under `c<i>`).
  static func template(_ conditions: [Condition]) -> CompiledTemplate {
    CompiledTemplate(
      Template(
        conditions: conditions.enumerated().map { NamedCondition(name: "c\($0)", condition: $1) },
        parameters: conditions.indices.map {
          TemplateParameter(
            key: "p\($0)", defaultValue: .value("no"),
            conditionalValues: [ConditionalValue(conditionName: "c\($0)", value: .value("yes"))])
        }))
  }

  /// Which of `template`'s conditions hold for `context`, in order.
  static func results(_ template: CompiledTemplate, _ context: EvaluationContext) -> [Bool] {
    let values = template.evaluate(context, now: now)
    return template.storage.program.roots.indices.map { values["p\($0)"].rawValue == "yes" }
  }

  static func signal(_ key: String, _ test: SignalTest) -> Condition {
    .signal(SignalCondition(.customSignal(key), test))
  }

  @Test(
    "equal tests in different conditions share one entry; another target, operator or signal does not"
  )
  func equalTestsShareAnEntry() {
    let paid = Self.signal("tier", .string(.exactlyMatches, ["paid", "gold"]))
    let compiled = Self.template([
      paid,
      .and([paid, .percent(PercentCondition(seed: "s", range: .atMost(50_000_000)))]),
      .or([.constant(false), paid]),
      .percent(PercentCondition(seed: "s", range: .atMost(50_000_000))),
      Self.signal("tier", .string(.exactlyMatches, ["gold", "paid"])),
      Self.signal("tier", .string(.equals, ["paid", "gold"])),
      Self.signal("plan", .string(.exactlyMatches, ["paid", "gold"])),
      Self.signal("grade", .numeric(.greaterOrEqual, ["3"])),
      Self.signal("grade", .numeric(.greaterOrEqual, ["3.0"])),
      Self.signal("country", .string(.containsRegex, ["^J", "P$"])),
      Self.signal("country", .string(.containsRegex, ["^J", "P$"])),
    ])
    // paid, the percent, reordered targets, equals, plan, grade (3 and 3.0 are one number),
    // the regex list.
    #expect(compiled.storage.program.tests.count == 7)
    let context = EvaluationContext(
      randomizationID: "user-1",
      customSignals: ["tier": "paid", "plan": "free", "grade": 3, "country": "JP"])
    let bucket = PercentBucket.microPercentile(seed: "s", randomizationID: "user-1")
    #expect(
      Self.results(compiled, context) == [
        true, bucket <= 50_000_000, true, bucket <= 50_000_000, true, true, false, true, true,
        true, true,
      ])
  }

  @Test("tests are told apart by the bytes evaluation reads, not by String equality")
  func bytesNotStringEquality() throws {
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(precomposed == decomposed)  // as Swift strings
    let compiled = Self.template([
      Self.signal("k", .string(.equals, [precomposed])),
      Self.signal("k", .string(.equals, [decomposed])),
      Self.signal("k", .string(.containsRegex, [precomposed])),
      Self.signal("k", .string(.containsRegex, [decomposed])),
    ])
    #expect(compiled.storage.program.tests.count == 4)
    let context = Support.signals(["k": .string(precomposed)])
    #expect(Self.results(compiled, context) == [true, false, true, false])
  }

  @Test("seeds are told apart by their bytes, which are what is hashed")
  func seedsByBytes() {
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    let id = "user-7"
    let first = PercentBucket.microPercentile(seed: precomposed, randomizationID: id)
    let second = PercentBucket.microPercentile(seed: decomposed, randomizationID: id)
    #expect(first != second)
    // Each condition holds only at exactly its own seed's bucket.
    let compiled = Self.template([
      .percent(
        PercentCondition(seed: precomposed, range: .between(lower: first - 1, upper: first))),
      .percent(
        PercentCondition(seed: decomposed, range: .between(lower: second - 1, upper: second))),
    ])
    #expect(compiled.storage.program.seeds.count == 2)
    #expect(Self.results(compiled, EvaluationContext(randomizationID: id)) == [true, true])
  }

  @Test("a shared test reached deeper than Firebase's nesting limit is false there, true elsewhere")
  func sharedTestBeyondTheDepthLimit() {
    let paid = Self.signal("tier", .string(.equals, ["paid"]))
    let deep = (0..<5).reduce(paid) { inner, layer in
      layer.isMultiple(of: 2) ? Condition.and([inner]) : .or([inner])
    }
    let compiled = Self.template([paid, deep, .and([paid]), deep, paid])
    #expect(compiled.storage.program.tests.count == 1)
    let context = Support.signals(["tier": "paid"])
    #expect(Self.results(compiled, context) == [true, false, true, false, true])
  }

  @Test("a shared test explains itself in every condition that reaches it")
  func sharedTestsExplainEverywhere() {
    let paid = Self.signal("tier", .string(.equals, ["paid"]))
    let compiled = Self.template([paid, .and([.constant(true), paid])])
    let context = Support.signals(["tier": "free"])
    let reasons = compiled.explain(keys: ["p0", "p1"], context, now: Self.now).map {
      $0.reasons.first?.message ?? ""
    }
    #expect(
      reasons == [
        "condition 'c0' is false: customSignal 'tier' 'free' is none of ['paid']",
        "condition 'c1' is false: customSignal 'tier' 'free' is none of ['paid']",
      ])
  }
}

private typealias Support = EvaluationTestSupport
