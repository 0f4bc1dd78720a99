import Core
import SwitchyardTestSupport
import Testing

@testable import ConfigEngine

/// Deterministic fuzzing of the expression parser: whatever the input, it returns a
/// condition or throws a `ConditionSyntaxError` whose column lies in the expression and whose
/// text is one readable line naming the condition and the column.
@Suite("ConditionExpressionParser fuzzing", FuzzBudget.timeLimit(minutes: 3))
struct ConditionExpressionFuzzTests {
  /// The rules each fuzzed expression is held to.
  struct Rules {
    var column = FuzzFailures("an error's column lies inside the expression or one past its end")
    var place = FuzzFailures("an error names the condition and the column")
    var line = FuzzFailures(
      "an error is one readable line of at most \(ErrorTextRule.maximumScalars) scalars")
    var readers = FuzzFailures(
      "the template reader refuses what validation refuses, except an unknown element, which"
        + " it notes where validation stopped")
    var accepted = 0

    mutating func check(_ expression: String, name: String, seed: UInt64, iteration: Int) {
      checkReadersAgree(expression, name: name, seed: seed, iteration: iteration)
      do {
        _ = try ConditionExpressionParser.parse(expression, conditionName: name)
        accepted += 1
      } catch {
        if !(1...(expression.unicodeScalars.count + 1)).contains(error.column)
          || error.message.isEmpty
        {
          column.add(
            seed: seed, iteration: iteration, input: expression,
            "column \(error.column) of \(expression.unicodeScalars.count + 1): \(error.message)")
        }
        if error.conditionName != name
          || !ErrorTextRule.hasPrefix(
            error.description, "condition \(Excerpt.quoted(name)), column \(error.column): ")
        {
          place.add(seed: seed, iteration: iteration, input: expression, error.description)
        }
        if let why = ErrorTextRule.lineProblem(error.description) {
          line.add(
            seed: seed, iteration: iteration, input: expression,
            "\(why): \(error.description.prefix(200).debugDescription)")
        }
      }
    }

    /// The strict parse (validation's) and the noting parse (the reader's) part only at an
    /// element this version does not know: the reader notes it, at the column where the strict
    /// parse stopped, and carries on, so any error it meets comes later.
    private mutating func checkReadersAgree(
      _ expression: String, name: String, seed: UInt64, iteration: Int
    ) {
      let strict = Result { () throws(ConditionSyntaxError) in
        try ConditionExpressionParser.parse(expression, conditionName: name)
      }
      let noting = Result { () throws(ConditionSyntaxError) in
        try ConditionExpressionParser.parseNotingUnknowns(expression, conditionName: name)
      }
      let agree: Bool
      switch (strict, noting) {
      case (.success(let condition), .success(let read)):
        agree =
          condition == read.condition
          && !read.notes.contains { $0.kind == .unknownConditionElement }
      case (.failure(let refusal), .success(let read)):
        agree = read.notes.first { $0.kind == .unknownConditionElement }?.column == refusal.column
      case (.failure(let refusal), .failure(let error)):
        agree = refusal == error || refusal.column < error.column
      case (.success, .failure):
        agree = false
      }
      if !agree {
        readers.add(
          seed: seed, iteration: iteration, input: expression, "\(strict) against \(noting)")
      }
    }

    func expectNone() {
      column.expectNone()
      place.expectNone()
      line.expectNone()
      readers.expectNone()
    }
  }

  @Test("every expression in the mutation corpus is valid to begin with")
  func corpusIsValid() throws {
    #expect(!ExpressionCorpus.validExpressions.isEmpty)
    for expression in ExpressionCorpus.validExpressions {
      #expect(throws: Never.self, "\(expression)") {
        try ConditionExpressionParser.parse(expression, conditionName: "corpus")
      }
    }
  }

  @Test("8,000 random token soups each parse or fail with a clear error inside the expression")
  func tokenSoups() {
    var rules = Rules()
    var count = 0
    for seed in FuzzBudget.seeds([0x5717_C4A2_D00D_0001, 0x5717_C4A2_D00D_0003]) {
      var random = SeededRandomGenerator(seed: seed)
      for iteration in 0..<4_000 {
        rules.check(
          ExpressionCorpus.soup(&random), name: "soup-\(iteration)", seed: seed,
          iteration: iteration)
        count += 1
      }
    }
    // Soups are mostly nonsense, but some short ones (`true`, `false && true`) parse: both
    // paths of the parser were exercised.
    #expect(rules.accepted > 0)
    #expect(rules.accepted < count)
    rules.expectNone()
  }

  @Test("8,000 mutations of valid expressions each parse or fail with a clear error")
  func mutations() {
    var rules = Rules()
    var count = 0
    for seed in FuzzBudget.seeds([0x5717_C4A2_D00D_0002, 0x5717_C4A2_D00D_0004]) {
      var random = SeededRandomGenerator(seed: seed)
      for iteration in 0..<4_000 {
        rules.check(
          ExpressionCorpus.mutant(&random), name: "mutant-\(iteration)", seed: seed,
          iteration: iteration)
        count += 1
      }
    }
    // Some mutations land in whitespace or inside strings and still parse; most break.
    #expect(rules.accepted > count / 200)
    #expect(rules.accepted < count - count / 200)
    rules.expectNone()
  }

  @Test("a condition name from the template is cut and made printable in the error")
  func hostileConditionNames() {
    var rules = Rules()
    for (index, name) in HostileJSON.strings.enumerated() where !name.isEmpty {
      rules.check("device.os ==", name: name, seed: 0, iteration: index)
    }
    rules.column.expectNone()
    rules.place.expectNone()
    rules.line.expectNone()
  }

  @Test(
    "huge, deeply nested and unterminated inputs fail fast with a clear error",
    arguments: [
      String(repeating: "(", count: 200_000),
      String(repeating: "[", count: 200_000),
      "device.country in " + String(repeating: "[", count: 200_000),
      String(repeating: "!", count: 200_000),
      "'" + String(repeating: "a", count: 1_000_000),
      "device.os == '" + String(repeating: "\\'", count: 200_000),
      String(repeating: "\u{0}", count: 100_000),
      String(repeating: "9", count: 500_000) + "x",
      String(repeating: "a", count: 500_000) + " == 'x'",
      "percent <= " + String(repeating: "1", count: 500_000),
      "app.customSignal['" + String(repeating: "k", count: 500_000) + "'] ~ 1",
      String(repeating: "true && ", count: 50_000),
      String(repeating: "👨‍👩‍👧‍👦", count: 100_000),
      "device.os == 'x" + String(repeating: "\u{301}", count: 100_000) + "' &&",
      // An unknown element's shape is checked in loops, whatever the depth.
      "exp(" + String(repeating: "[", count: 200_000) + "'a'"
        + String(repeating: "]", count: 200_000)
        + ")",
      String(repeating: "!", count: 200_000) + "exp",
      String(repeating: "(", count: 200_000) + "exp" + String(repeating: ")", count: 200_000),
      "exp" + String(repeating: " || exp", count: 100_000),
      "exp" + String(repeating: ".a(1)['k']", count: 100_000),
      "exp == 1" + String(repeating: " and 2", count: 100_000),
      "exp(" + String(repeating: "[", count: 200_000),
    ])
  func pathologicalInputs(expression: String) {
    #expect(throws: ConditionSyntaxError.self) {
      try ConditionExpressionParser.parse(expression, conditionName: "huge")
    }
    var rules = Rules()
    rules.check(expression, name: "huge", seed: 0, iteration: 0)
    rules.expectNone()
  }

  @Test("a character of 100,000 combining marks is cut in the error, not spelled out whole")
  func manyScalarCharacter() {
    let expression = String(repeating: "\u{301}", count: 100_000)
    var rules = Rules()
    rules.check(expression, name: "marks", seed: 0, iteration: 0)
    rules.column.expectNone()
    rules.place.expectNone()
    rules.line.expectNone()
  }

  @Test("a very long valid chain and a very long list parse without recursion")
  func longValidInputs() throws {
    let chain = String(repeating: "true && ", count: 50_000) + "false"
    let parsedChain = try ConditionExpressionParser.parse(chain, conditionName: "chain")
    guard case .and(let atoms) = parsedChain else {
      Issue.record("expected an and, got \(parsedChain)")
      return
    }
    #expect(atoms.count == 50_001)
    #expect(atoms.last == .constant(false))

    let list = "device.country in [" + String(repeating: "'JP', ", count: 50_000) + "'US']"
    let parsedList = try ConditionExpressionParser.parse(list, conditionName: "list")
    guard case .signal(let condition) = parsedList,
      case .string(.equals, let targets) = condition.test
    else {
      Issue.record("expected a country list, got \(parsedList)")
      return
    }
    #expect(targets.count == 50_001)
    #expect(targets.last == "US")
  }

  @Test("a message quotes at most 40 characters of the input, so huge inputs stay readable")
  func messagesStayShort() {
    let key = String(repeating: "k", count: 10_000)
    #expect(
      throws: ConditionSyntaxError(
        conditionName: "long", column: 10_021,
        message: "expected a method or a comparison after 'app.customSignal['"
          + String(repeating: "k", count: 40) + "...']'")
    ) {
      try ConditionExpressionParser.parse("app.customSignal['\(key)']", conditionName: "long")
    }
  }
}
