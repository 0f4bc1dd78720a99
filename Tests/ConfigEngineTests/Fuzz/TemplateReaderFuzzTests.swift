import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Deterministic fuzzing of template reading, validation, compilation and evaluation: the
/// fixtures with their bytes damaged, and generated templates in both formats. Whatever the
/// input, reading ends (sizes are bounded by construction; the time limit is a backstop)
/// with a template or with problems that each say where and fit on one readable line.
@Suite("TemplateReader fuzzing", FuzzBudget.timeLimit(minutes: 3))
struct TemplateReaderFuzzTests {
  /// The rules each fuzzed template is held to, with the inputs that broke each.
  struct Rules {
    var place = FuzzFailures(
      "every problem names its place: a key path, a condition, or a line and column")
    var line = FuzzFailures(
      "every problem is one readable line of at most \(ErrorTextRule.maximumScalars) scalars")
    var thrown = FuzzFailures(
      "the error a rejected template throws is one readable line of at most "
        + "\(ErrorTextRule.maximumScalars) scalars")
    var agreement = FuzzFailures(
      "Template(jsonBytes:) throws exactly when the reader reports an error")
    var evaluated = 0
    var rejected = 0

    /// Records an issue for every rule some input broke, naming the inputs.
    func expectEveryRuleHeld() {
      for rule in [place, agreement, line, thrown] { rule.expectNone() }
    }

    /// Reads, validates and (when it loads) compiles `bytes`, evaluates it for two
    /// contexts and explains every key, recording every rule it breaks.
    mutating func check(
      _ bytes: [UInt8], seed: UInt64, iteration: Int, contexts: inout ContextGenerator
    ) {
      let readerErrors = TemplateReader().read(utf8: bytes).problems.filter {
        $0.severity == .error
      }
      for problem in TemplateValidator().validate(utf8: bytes) {
        if problem.location.isEmpty {
          place.add(
            seed: seed, iteration: iteration, input: bytes,
            "no location: \(problem.description.prefix(200))")
        }
        if let why = ErrorTextRule.lineProblem(problem.description) {
          line.add(
            seed: seed, iteration: iteration, input: bytes,
            "\(why): \(problem.description.prefix(200).debugDescription)")
        }
      }
      do {
        let template = CompiledTemplate(try Template(jsonBytes: bytes))
        evaluated += 1
        if !readerErrors.isEmpty {
          agreement.add(seed: seed, iteration: iteration, input: bytes, "loaded despite errors")
        }
        for _ in 0..<2 {
          let context = contexts.context()
          let now = TestTime.start
          let values = template.evaluate(context, now: now)
          for key in values.keys {
            _ = values.configValue(forKey: key)
            _ = template.explain(key: key, context, now: now)
          }
        }
      } catch {
        rejected += 1
        if readerErrors.isEmpty {
          agreement.add(seed: seed, iteration: iteration, input: bytes, "rejected without errors")
        }
        if let why = ErrorTextRule.lineProblem(error.description) {
          thrown.add(
            seed: seed, iteration: iteration, input: bytes,
            "\(why): \(error.description.prefix(200).debugDescription)")
        }
      }
    }
  }

  static let fixtures: [[UInt8]] = ["client-template.json", "server-template.json"].map {
    Array(((try? TemplateFixtures.text($0)) ?? "").utf8)
  }

  @Test("both fixtures load before they are mutated")
  func fixturesLoad() throws {
    for fixture in Self.fixtures {
      #expect(try !Template(jsonBytes: fixture).parameters.isEmpty)
    }
  }

  @Test("1,600 byte mutations of the fixtures each load or name every problem's place")
  func mutatedFixtures() {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0x7E3A_0001, 0x7E3A_0002, 0x7E3A_0003, 0x7E3A_0004]) {
      var random = SeededRandomGenerator(seed: seed)
      var contexts = ContextGenerator(seed: seed)
      for iteration in 0..<400 {
        let bytes = ByteMutator.mutate(
          random.pick(Self.fixtures), donors: Self.fixtures, random: &random)
        rules.check(bytes, seed: seed, iteration: iteration, contexts: &contexts)
      }
    }
    // Both outcomes were reached: some mutations land in values and still load.
    #expect(rules.evaluated > 0)
    #expect(rules.rejected > 0)
    rules.expectEveryRuleHeld()
  }

  @Test(
    "1,200 generated templates with plain text each load or name every problem's place",
    arguments: [false, true])
  func generatedTemplates(serverFormat: Bool) {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0x7E3A_1001, 0x7E3A_1002, 0x7E3A_1003, 0x7E3A_1004]) {
      var generator = TemplateGenerator(seed: seed, hostileText: false)
      var contexts = ContextGenerator(seed: seed)
      for iteration in 0..<300 {
        let bytes = Array(generator.template(serverFormat: serverFormat).jsonText.utf8)
        rules.check(bytes, seed: seed, iteration: iteration, contexts: &contexts)
      }
    }
    #expect(rules.evaluated > 0)
    #expect(rules.rejected > 0)
    rules.expectEveryRuleHeld()
  }

  @Test(
    "600 generated templates with hostile names and values each get one readable line per problem",
    arguments: [false, true])
  func hostileTemplates(serverFormat: Bool) {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0x7E3A_2001, 0x7E3A_2002]) {
      var generator = TemplateGenerator(seed: seed, hostileText: true)
      var contexts = ContextGenerator(seed: seed)
      for iteration in 0..<300 {
        let bytes = Array(generator.template(serverFormat: serverFormat).jsonText.utf8)
        rules.check(bytes, seed: seed, iteration: iteration, contexts: &contexts)
      }
    }
    rules.expectEveryRuleHeld()
  }
}
