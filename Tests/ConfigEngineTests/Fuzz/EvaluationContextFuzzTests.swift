import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Deterministic fuzzing of context reading (`EvaluationContext(json:)`, the `--context` and
/// JSON-lines format): generated objects with every field at its edges, and context lines
/// with their bytes damaged. A line is read or refused with an error naming the field (or
/// the line and column of bad JSON) in one readable line; a context that is read evaluates
/// and is written back as JSON that reads as the same context.
@Suite("EvaluationContext JSON fuzzing", FuzzBudget.timeLimit(minutes: 3))
struct EvaluationContextFuzzTests {
  /// Templates every accepted context is evaluated and explained against.
  static let templates: [CompiledTemplate] = ["client-template.json", "server-template.json"]
    .compactMap { name in
      (try? TemplateFixtures.text(name)).flatMap { try? Template(json: $0) }
        .map(CompiledTemplate.init)
    }

  /// The rules each fuzzed context line is held to.
  struct Rules {
    var json = FuzzFailures(
      "a line that is not JSON gets its line and column in one readable line")
    var place = FuzzFailures("a refused context names the field at fault")
    var line = FuzzFailures(
      "a refused context's error is one readable line of at most "
        + "\(ErrorTextRule.maximumScalars) scalars")
    var roundTrip = FuzzFailures(
      "an accepted context is written as JSON that reads back as the same context")
    var direct = FuzzFailures(
      "the byte reader reads a line exactly as the general path does, or leaves it to it")
    var accepted = 0
    var refused = 0
    /// Lines the byte reader read itself.
    var readDirectly = 0

    /// The context's times as seconds since 1970, for a failure's detail.
    static func times(_ context: EvaluationContext) -> String {
      "firstOpen \(context.firstOpenTime?.timeIntervalSince1970 ?? .nan), "
        + "now \(context.now?.timeIntervalSince1970 ?? .nan)"
    }

    /// Checks that `EvaluationContextLineReader` reads `bytes` as `general`, what the parser
    /// and `EvaluationContext(json:)` made of them (nil: refused), or declines them.
    mutating func checkDirect(
      _ bytes: [UInt8], general: EvaluationContext?, seed: UInt64, iteration: Int
    ) {
      guard let read = bytes.withUnsafeBufferPointer({ EvaluationContextLineReader.read($0) })
      else { return }
      readDirectly += 1
      guard let general else {
        return direct.add(seed: seed, iteration: iteration, input: bytes, "read a refused line")
      }
      let spelled = JSONValue.object(read.jsonObject).jsonText
      let expected = JSONValue.object(general.jsonObject).jsonText
      if read != general || spelled != expected {
        direct.add(
          seed: seed, iteration: iteration, input: bytes,
          "read as \(spelled.prefix(300)) instead of \(expected.prefix(300))")
      }
    }

    /// Reads `bytes` as one context line the way the tool does.
    mutating func check(_ bytes: [UInt8], seed: UInt64, iteration: Int) {
      let value: JSONValue
      do {
        value = try JSONParser().parse(bytes)
      } catch {
        checkDirect(bytes, general: nil, seed: seed, iteration: iteration)
        if !ErrorTextRule.hasLineAndColumn(error.description)
          || ErrorTextRule.lineProblem(error.description) != nil
        {
          json.add(seed: seed, iteration: iteration, input: bytes, error.description)
        }
        return
      }
      guard case .object(let object) = value else {
        return checkDirect(bytes, general: nil, seed: seed, iteration: iteration)
      }
      check(object, bytes: bytes, seed: seed, iteration: iteration)
    }

    /// Reads `object` as a context, evaluates it and writes it back.
    mutating func check(_ object: JSONObject, bytes: [UInt8], seed: UInt64, iteration: Int) {
      let context: EvaluationContext
      do {
        context = try EvaluationContext(json: object)
      } catch {
        refused += 1
        checkDirect(bytes, general: nil, seed: seed, iteration: iteration)
        if !ErrorTextRule.hasPrefix(error.description, "context field '") {
          place.add(seed: seed, iteration: iteration, input: bytes, error.description)
        }
        if let why = ErrorTextRule.lineProblem(error.description) {
          line.add(
            seed: seed, iteration: iteration, input: bytes,
            "\(why): \(error.description.prefix(200).debugDescription)")
        }
        return
      }
      accepted += 1
      checkDirect(bytes, general: context, seed: seed, iteration: iteration)
      for template in EvaluationContextFuzzTests.templates {
        let values = template.evaluate(context, now: TestTime.start)
        for key in values.keys {
          _ = template.explain(key: key, context, now: TestTime.start)
        }
      }
      let written = context.jsonObject
      do {
        let reread = try EvaluationContext(json: written)
        if reread != context {
          roundTrip.add(
            seed: seed, iteration: iteration, input: bytes,
            "written as \(JSONValue.object(written).jsonText.prefix(300)), read back as "
              + "\(Self.times(reread)) instead of \(Self.times(context))")
        }
      } catch {
        roundTrip.add(
          seed: seed, iteration: iteration, input: bytes,
          "written as \(JSONValue.object(written).jsonText.prefix(300)), which is refused: \(error)"
        )
      }
    }
  }

  @Test("the fixtures compile, so accepted contexts are evaluated against both formats")
  func templatesLoad() {
    #expect(Self.templates.count == 2)
  }

  @Test("2,000 generated context objects are each read, or refused naming the field")
  func generatedContexts() {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0xC0_7E47_0001, 0xC0_7E47_0002, 0xC0_7E47_0003, 0xC0_7E47_0004]) {
      var generator = ContextGenerator(seed: seed)
      for iteration in 0..<500 {
        let object = generator.contextObject()
        rules.check(
          object, bytes: Array(JSONValue.object(object).jsonText.utf8), seed: seed,
          iteration: iteration)
      }
    }
    #expect(rules.accepted > 100)
    #expect(rules.refused > 100)
    #expect(rules.readDirectly > 100)
    rules.place.expectNone()
    rules.line.expectNone()
    rules.roundTrip.expectNone()
    rules.direct.expectNone()
  }

  @Test("2,000 context lines with damaged bytes are each read or refused with a clear error")
  func mutatedLines() {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0xC0_7E47_1001, 0xC0_7E47_1002]) {
      var generator = ContextGenerator(seed: seed)
      var random = SeededRandomGenerator(seed: seed)
      let donors = (0..<20).map { _ in
        Array(JSONValue.object(generator.contextObject()).jsonText.utf8)
      }
      for iteration in 0..<1_000 {
        let bytes = ByteMutator.mutate(random.pick(donors), donors: donors, random: &random)
        rules.check(bytes, seed: seed, iteration: iteration)
      }
    }
    #expect(rules.accepted > 0)
    #expect(rules.readDirectly > 0)
    rules.json.expectNone()
    rules.place.expectNone()
    rules.line.expectNone()
    rules.roundTrip.expectNone()
    rules.direct.expectNone()
  }

  @Test("1,000 context objects with hostile text are refused in one readable line")
  func hostileContexts() {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0xC0_7E47_2001, 0xC0_7E47_2002]) {
      var generator = ContextGenerator(seed: seed, hostileText: true)
      for iteration in 0..<500 {
        let object = generator.contextObject()
        rules.check(
          object, bytes: Array(JSONValue.object(object).jsonText.utf8), seed: seed,
          iteration: iteration)
      }
    }
    rules.place.expectNone()
    rules.line.expectNone()
    rules.roundTrip.expectNone()
    rules.direct.expectNone()
  }
}
