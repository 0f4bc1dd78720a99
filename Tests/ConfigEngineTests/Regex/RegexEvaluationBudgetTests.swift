@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// The regex steps of one evaluation are bounded as a whole, not only per search: a
/// template listing a hundred worst-case patterns cannot make one context cost seconds.
@Suite("Regex budget per evaluation")
struct RegexEvaluationBudgetTests {
  static let now = TestTime.start
  /// The costliest program there is (18,002 instructions, 555 characters searched), which
  /// only matches at the end of `matchingValue`, so every search runs in full.
  static let costliest = "(?:(?:.?){1000}){9}!"
  static let matchingValue = String(repeating: "a", count: 554) + "!"

  /// Conditions `c0`...`c(n-1)`, each matching `patterns` against custom signal `s`, and
  /// parameters `p0`...: `p<i>` is "yes" under `c<i>`.
  static func template(conditions count: Int, patterns: [String]) -> CompiledTemplate {
    let condition = EvaluationTestSupport.signal("s", .string(.containsRegex, patterns))
    return CompiledTemplate(
      Template(
        conditions: (0..<count).map { NamedCondition(name: "c\($0)", condition: condition) },
        parameters: (0..<count).map {
          TemplateParameter(
            key: "p\($0)", defaultValue: .value("no"),
            conditionalValues: [ConditionalValue(conditionName: "c\($0)", value: .value("yes"))])
        }))
  }

  @Test("a search's worst case is (instructions + 2) × (characters searched + 1) steps")
  func worstCaseSearchCost() throws {
    let costliest = try BoundedRegex(Self.costliest)
    #expect(costliest.inputLengthLimit == 555)
    #expect(costliest.worstCaseSearchCost == (18_002 + 2) * (555 + 1))
    // `a` compiles to `a` and `match`: two instructions, 100,000 characters.
    #expect(try BoundedRegex("a").worstCaseSearchCost == 4 * 100_001)
  }

  @Test("all the searches of one evaluation share the budget; past it, conditions are false")
  func sharedBudget() {
    let compiled = Self.template(conditions: 6, patterns: [Self.costliest])
    let context = EvaluationTestSupport.signals(["s": .string(Self.matchingValue)])
    let values = compiled.evaluate(context, now: Self.now)
    let results = (0..<6).map { values["p\($0)"].rawValue == "yes" }
    // Every search matches, so only the budget can make a condition false. Each search takes
    // about 10^7 steps: the first four (in template order) fit in 5 × 10^7, the others not.
    #expect(results == [true, true, true, true, false, false])
    // The explanation of a key past the budget says so, although its own condition alone
    // would fit: it counts the conditions before it, as evaluation does.
    let why = compiled.explain(key: "p5", context, now: Self.now).reasons.first?.message ?? ""
    #expect(why.hasPrefix("condition 'c5' is false: customSignal 's' "))
    #expect(why.contains("regex search stopped"))
    #expect(why.contains("\(BoundedRegex.maximumEvaluationCost) steps"))
    // Every evaluation and explanation starts with the whole budget.
    let first = compiled.explain(key: "p0", context, now: Self.now).reasons.first?.message ?? ""
    #expect(first.hasPrefix("condition 'c0' is true: customSignal 's' "))
  }

  @Test("a condition that reaches a search past the budget is false even if another part is true")
  func abandonedConditionIsFalse() {
    let regex = EvaluationTestSupport.signal(
      "s", .string(.containsRegex, Array(repeating: Self.costliest, count: 6)))
    let compiled = EvaluationTestSupport.template(.or([regex, .constant(true)]))
    let context = EvaluationTestSupport.signals(["s": .string(String(repeating: "a", count: 555))])
    #expect(compiled.evaluate(context, now: Self.now)["p"].rawValue == "no")
    // A short value fits easily: no pattern matches, the other part decides.
    let short = EvaluationTestSupport.signals(["s": "a"])
    #expect(compiled.evaluate(short, now: Self.now)["p"].rawValue == "yes")
  }

  @Test(
    "validate reports a template whose searches could exceed the budget: four of the costliest fit, five do not",
    arguments: [(4, false), (5, true)])
  func validation(patterns: Int, isError: Bool) {
    let compiled = Self.template(
      conditions: 1, patterns: Array(repeating: Self.costliest, count: patterns))
    let problems = TemplateValidator().check(compiled.template)
    let budget = problems.filter { $0.location == "conditions" }
    #expect(budget.count == (isError ? 1 : 0))
    if let problem = budget.first {
      #expect(problem.severity == .error)
      #expect(problem.message.contains("\(patterns * 10_010_224) steps"))
      #expect(problem.message.contains("costliest: condition 'c0'"))
    }
  }

  @Test("the costs of all conditions add up, and small patterns on long values count too")
  func validationAddsConditions() {
    // 100,000 characters searched by `a` (4 × 100,001 steps) in 125 conditions: 50,000,500.
    let many = Self.template(conditions: 125, patterns: ["a"])
    #expect(many.diagnostics.contains { $0.location == "conditions" && $0.severity == .error })
    let fewer = Self.template(conditions: 124, patterns: ["a"])
    #expect(!fewer.diagnostics.contains { $0.location == "conditions" })
  }

  @Test("a template listing thousands of costly patterns compiles only up to four budgets' worth")
  func compilationIsBounded() {
    // 3,000 distinct patterns of 20,000 instructions each would be 6 × 10^7 instructions
    // (more than a gigabyte); the builder stops after a few and says how many it left.
    let patterns = (0..<3_000).map { "x\($0)(?:[a-z]{1000}){19}" }
    let compiled = Self.template(conditions: 1, patterns: patterns)
    let regexes = compiled.storage.program.regexes
    let cost = regexes.reduce(0) { $0 + $1.worstCaseSearchCost }
    #expect(cost <= ConditionProgramBuilder.regexCompilationLimit + 10_010_224)
    #expect(regexes.count < 25)
    let problem = compiled.diagnostics.first { $0.location == "conditions" }
    #expect(problem?.severity == .error)
    #expect(
      problem?.message.contains(
        "\(3_000 - regexes.count) more regex targets past it were not compiled and never match")
        == true)
  }

  @Test("a pattern listed many times is compiled once and shared")
  func repeatedPatternsShareOneProgram() {
    let compiled = Self.template(conditions: 1, patterns: ["a+b", "c", "a+b", "a+b"])
    let regexes = compiled.storage.program.regexes
    #expect(regexes.count == 4)
    #expect(regexes[0].program === regexes[2].program)
    #expect(regexes[0].program === regexes[3].program)
    #expect(regexes[0].program !== regexes[1].program)
  }
}
