import ConfigClient
import Core
import Testing

/// Deterministic fuzzing of the expression parser: whatever the input, it returns a
/// condition or throws a `ConditionSyntaxError` whose column lies in the expression.
@Suite("ConditionExpressionParser fuzzing")
struct ConditionExpressionFuzzTests {
  /// Valid expressions covering every atom; mutations of these reach deep into each atom.
  static let validExpressions = [
    "true",
    "false && true",
    "device.os == 'ios'",
    "device.os != 'android' && device.country in ['JP', 'US']",
    "device.language in ['ja', 'en-US']",
    "app.id == '1:123:ios:abc'",
    "app.version.>=(['2.0.0']) && app.build.<(['120'])",
    "app.version.matches(['^2\\.\\d+$']) && app.build.notContains(['beta'])",
    "app.customSignal['grade'] >= 3 && app.userProperty['level'] != -2.5",
    "app.customSignal['plan'].exactlyMatches(['pro', 'max'])",
    "app.userProperty['tier'].contains(['gold'])",
    "version(app.customSignal['os']) < '17.4.1'",
    "app.audiences.inAtLeastOne(['Buyers']) && app.audiences.notInAll(['A', 'B'])",
    "app.firebaseInstallationId in ['fid-1', 'fid-2']",
    "app.firstOpenTimestamp <= ('2025-01-01T09:00:00', 'Asia/Tokyo')",
    "app.firstOpenTimestamp > ('2025-01-01T09:00:00')",
    "dateTime < dateTime('2025-01-06T03:00:00', 'Asia/Tokyo')",
    "dateTime >= dateTime('2025-01-06T03:00:00')",
    "percent <= 10 && percent > 0.000001",
    "percent('seed-1') between 33.333333 and 100",
    "percent('') > 50 && device.os == 'it\\'s \\\\ ok'",
  ]

  /// Characters a mutation inserts: the grammar's own punctuation plus the awkward ones.
  static let mutationCharacters: [Character] = [
    "'", "\\", "\"", "(", ")", "[", "]", ",", ".", "&", "|", "=", "!", "<", ">", "-", "_",
    "0", "5", "9", "a", "z", "A", "e", " ", "\t", "\n", "\r\n", "\u{0}", "\u{7F}", "é",
    "\u{301}", "👨‍👩‍👧‍👦", "東", "\u{3000}", "\u{FEFF}", "\u{202E}",
  ]

  /// Tokens and fragments a soup is made of: valid pieces, broken pieces, odd characters.
  static let soupPieces = [
    "device", "app", "os", "country", "language", "id", "version", "build", "customSignal",
    "userProperty", "audiences", "inAtLeastOne", "notInAll", "firebaseInstallationId",
    "firstOpenTimestamp", "dateTime", "percent", "between", "and", "in", "true", "false",
    "exactlyMatches", "contains", "notContains", "matches", "startsWith", "model", ".", "==",
    "!=", "<", "<=", ">", ">=", "&&", "||", "!", "(", ")", "[", "]", ",", "&", "|", "=",
    "'ios'", "'JP'", "'1.2.0'", "'1.x'", "'2025-01-06T03:00:00'", "'2025-13-40T99:00'",
    "'Asia/Tokyo'", "'Mars/Base'", "'seed'", "'bad seed!'", "''", "'unterminated", "'\\'",
    "'\\\\'", "\\", "\"", "10", "-2.5", "0.000001", "33.333333", "100", "101", "100.0000001",
    "1e2", ".5", "5.", "-", "\u{0}", "é", "👨‍👩‍👧‍👦", "\u{301}", "#", "\n",
  ]

  static let separators = ["", " ", " ", " ", "  ", "\t"]

  private static func checkParses(_ expression: String, name: String) {
    do {
      _ = try ConditionExpressionParser.parse(expression, conditionName: name)
    } catch {
      #expect(error.conditionName == name, "\(expression.debugDescription)")
      #expect(
        (1...(expression.unicodeScalars.count + 1)).contains(error.column),
        "column \(error.column) for \(expression.debugDescription)")
      #expect(!error.message.isEmpty, "\(expression.debugDescription)")
    }
  }

  private static func parses(_ expression: String) -> Bool {
    (try? ConditionExpressionParser.parse(expression, conditionName: "fuzz")) != nil
  }

  @Test("every expression in the mutation corpus is valid to begin with")
  func corpusIsValid() throws {
    for expression in Self.validExpressions {
      _ = try ConditionExpressionParser.parse(expression, conditionName: "corpus")
    }
  }

  @Test("20,000 random token soups each parse or fail with a column inside the expression")
  func tokenSoups() {
    var random = SeededRandomGenerator(seed: 0x5717_C4A2_D00D_0001)
    var accepted = 0
    for iteration in 0..<20_000 {
      var expression = ""
      for _ in 0..<(1 + random.below(12)) {
        expression += random.pick(Self.soupPieces) + random.pick(Self.separators)
      }
      Self.checkParses(expression, name: "soup-\(iteration)")
      if Self.parses(expression) { accepted += 1 }
    }
    // Soups are mostly nonsense, but some short ones (`true`, `false && true`) parse: both
    // paths of the parser were exercised.
    #expect(accepted > 0)
    #expect(accepted < 20_000)
  }

  @Test("20,000 mutations of valid expressions each parse or fail with a column inside")
  func mutations() {
    var random = SeededRandomGenerator(seed: 0x5717_C4A2_D00D_0002)
    var accepted = 0
    for iteration in 0..<20_000 {
      var characters = Array(random.pick(Self.validExpressions))
      for _ in 0..<(1 + random.below(3)) {
        let position = random.below(characters.count + 1)
        switch random.below(3) {
        case 0:
          characters.insert(random.pick(Self.mutationCharacters), at: position)
        case 1 where position < characters.count:
          characters.remove(at: position)
        default:
          if position < characters.count {
            characters[position] = random.pick(Self.mutationCharacters)
          }
        }
      }
      let expression = String(characters)
      Self.checkParses(expression, name: "mutant-\(iteration)")
      if Self.parses(expression) { accepted += 1 }
    }
    // Some mutations land in whitespace or inside strings and still parse; most break.
    #expect(accepted > 100)
    #expect(accepted < 19_900)
  }

  @Test(
    "huge, deeply nested and unterminated inputs fail fast at a valid column",
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
      String(repeating: "\u{301}", count: 100_000),
      String(repeating: "👨‍👩‍👧‍👦", count: 100_000),
    ])
  func pathologicalInputs(expression: String) {
    #expect(throws: ConditionSyntaxError.self) {
      try ConditionExpressionParser.parse(expression, conditionName: "huge")
    }
    Self.checkParses(expression, name: "huge")
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

extension SeededRandomGenerator {
  /// A value in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A random element of `items`.
  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }
}
