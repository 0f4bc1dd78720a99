@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

private typealias Support = EvaluationTestSupport

@Suite("Condition evaluation")
struct ConditionEvaluationTests {
  // MARK: and / or / depth

  @Test("or is true if any child is (empty: false); and if all are (empty: true)")
  func andOr() {
    let context = EvaluationContext()
    #expect(Support.isTrue(.or([]), context) == false)
    #expect(Support.isTrue(.and([]), context) == true)
    #expect(Support.isTrue(.or([.constant(false), .constant(true)]), context))
    #expect(!Support.isTrue(.or([.constant(false), .constant(false)]), context))
    #expect(Support.isTrue(.and([.constant(true), .constant(true)]), context))
    #expect(!Support.isTrue(.and([.constant(true), .constant(false)]), context))
  }

  /// A `true` leaf inside `layers` nested single-child and/or layers.
  private func nested(_ layers: Int) -> Condition {
    (0..<layers).reduce(Condition.constant(true)) { inner, layer in
      layer.isMultiple(of: 2) ? .and([inner]) : .or([inner])
    }
  }

  @Test(
    "Firebase's depth limit: a leaf inside 4 and/or layers is evaluated, inside 5 it is false",
    arguments: [(1, true), (2, true), (3, true), (4, true), (5, false), (6, false), (40, false)])
  func depthLimit(layers: Int, expected: Bool) {
    #expect(Support.isTrue(nested(layers), EvaluationContext()) == expected)
  }

  @Test("the explanation says when the depth limit made a condition false")
  func depthExplained() {
    #expect(
      Support.why(nested(5), EvaluationContext()).hasSuffix(
        "nested deeper than Firebase's limit of 10 levels"))
  }

  @Test("an unknown condition kind is false")
  func unknownKind() {
    #expect(!Support.isTrue(.unknown("future"), EvaluationContext()))
    #expect(!Support.isTrue(.or([.unknown("future")]), EvaluationContext()))
    #expect(Support.isTrue(.or([.unknown("future"), .constant(true)]), EvaluationContext()))
  }

  // MARK: Percent

  private static let id = "user-42"
  private static let seed = "spring"
  private static let bucket = PercentBucket.microPercentile(seed: seed, randomizationID: id)

  @Test("percent boundaries: <= includes the bucket, > excludes it, between is (lower, upper]")
  func percentBoundaries() {
    let b = Self.bucket
    let context = EvaluationContext(randomizationID: Self.id)
    func percent(_ range: PercentCondition.Range) -> Bool {
      Support.isTrue(.percent(PercentCondition(seed: Self.seed, range: range)), context)
    }
    #expect(percent(.atMost(b)))
    #expect(!percent(.atMost(b - 1)))
    #expect(percent(.above(b - 1)))
    #expect(!percent(.above(b)))
    #expect(percent(.between(lower: b - 1, upper: b)))
    #expect(!percent(.between(lower: b, upper: b + 1)))
    #expect(!percent(.between(lower: b - 2, upper: b - 1)))
    #expect(percent(.atMost(100_000_000)))
    #expect(!percent(.above(100_000_000)))
    #expect(percent(.between(lower: 0, upper: 100_000_000)) == (b > 0))
  }

  @Test("the seed changes the bucket: an empty seed hashes the id alone")
  func seedMatters() {
    let unseeded = PercentBucket.microPercentile(seed: "", randomizationID: Self.id)
    let context = EvaluationContext(randomizationID: Self.id)
    #expect(Support.isTrue(.percent(PercentCondition(seed: "", range: .atMost(unseeded))), context))
    #expect(
      !Support.isTrue(.percent(PercentCondition(seed: "", range: .atMost(unseeded - 1))), context))
  }

  @Test("without a randomization id (or with an empty one) percent conditions are false")
  func noRandomizationID() {
    for context in [EvaluationContext(), EvaluationContext(randomizationID: "")] {
      #expect(!Support.isTrue(.percent(PercentCondition(range: .atMost(100_000_000))), context))
      #expect(
        !Support.isTrue(
          .percent(PercentCondition(range: .between(lower: 0, upper: 100_000_000))), context))
    }
    #expect(
      Support.why(.percent(PercentCondition(range: .atMost(5))), EvaluationContext())
        == "condition 'c' is false: no randomization id, so percent conditions are false")
  }

  @Test("percent explanations show the bucket against the bound")
  func percentExplained() {
    let context = EvaluationContext(randomizationID: Self.id)
    let bound = Self.bucket >= 10_000_000 ? 10_000_000 : 0
    let why = Support.why(
      .percent(PercentCondition(seed: Self.seed, range: .atMost(bound))), context)
    #expect(why.hasPrefix("condition 'c' is false: percent('spring') "))
    #expect(why.hasSuffix(" > \(bound / 1_000_000)"))
  }

  @Test(
    "micro-percent prints as a percent with up to six decimals",
    arguments: [
      (87_400_000, "87.4"), (10_000_000, "10"), (1, "0.000001"), (33_333_333, "33.333333"),
      (0, "0"), (100_000_000, "100"),
    ])
  func percentText(micro: Int, text: String) {
    let condition = Condition.percent(PercentCondition(range: .atMost(micro)))
    let why = Support.why(condition, EvaluationContext(randomizationID: "x"))
    #expect(why.hasSuffix(" \(text)"))
  }

  // MARK: Custom signals: presence

  static let everyTest: [SignalTest] = [
    .string(.contains, ["a"]), .string(.doesNotContain, ["a"]), .string(.exactlyMatches, ["a"]),
    .string(.containsRegex, ["a"]), .string(.equals, ["a"]), .string(.notEquals, ["a"]),
    .numeric(.lessThan, ["1"]), .numeric(.lessOrEqual, ["1"]), .numeric(.equal, ["1"]),
    .numeric(.notEqual, ["1"]), .numeric(.greaterThan, ["1"]), .numeric(.greaterOrEqual, ["1"]),
    .version(.lessThan, ["1"]), .version(.lessOrEqual, ["1"]), .version(.equal, ["1"]),
    .version(.notEqual, ["1"]), .version(.greaterThan, ["1"]), .version(.greaterOrEqual, ["1"]),
  ]

  @Test("a missing signal makes every operator false, the negative ones too", arguments: everyTest)
  func missingSignal(test: SignalTest) {
    let condition = Support.signal("absent", test)
    #expect(!Support.isTrue(condition, Support.signals(["other": "a"])))
    #expect(
      Support.why(condition, EvaluationContext())
        == "condition 'c' is false: customSignal 'absent' missing")
  }

  @Test("an empty string and the number 0 are present, not missing")
  func emptyAndZeroArePresent() {
    #expect(
      Support.isTrue(
        Support.signal("s", .string(.doesNotContain, ["x"])), Support.signals(["s": ""])))
    #expect(
      Support.isTrue(
        Support.signal("s", .string(.exactlyMatches, [""])), Support.signals(["s": ""])))
    #expect(Support.isTrue(Support.signal("n", .numeric(.equal, ["0"])), Support.signals(["n": 0])))
    #expect(
      Support.isTrue(
        Support.signal("n", .string(.exactlyMatches, ["0"])), Support.signals(["n": 0])))
  }

  // MARK: String operators

  @Test(
    "string operators match if ANY target matches",
    arguments: [
      (SignalTest.string(.contains, ["xyz", "ell"]), "hello", true),
      (.string(.contains, ["xyz", "abc"]), "hello", false),
      (.string(.contains, [""]), "hello", true),
      (.string(.doesNotContain, ["xyz", "abc"]), "hello", true),
      (.string(.doesNotContain, ["xyz", "ell"]), "hello", false),
      (.string(.exactlyMatches, ["nope", "hello"]), "hello", true),
      (.string(.exactlyMatches, ["  hello\t"]), " hello ", true),
      (.string(.exactlyMatches, ["hell"]), "hello", false),
      (.string(.exactlyMatches, ["Hello"]), "hello", false),
      (.string(.equals, ["ios", "android"]), "android", true),
      (.string(.equals, ["ios"]), " ios", false),
      (.string(.notEquals, ["ios", "android"]), "web", true),
      (.string(.notEquals, ["ios", "android"]), "ios", false),
      (.string(.contains, ["é"]), "cafe\u{301}", false),
      (.string(.contains, ["e"]), "cafe\u{301}", true),
      (.string(.exactlyMatches, ["日本"]), "日本", true),
    ])
  func stringOperators(test: SignalTest, value: String, expected: Bool) {
    #expect(
      Support.isTrue(Support.signal("s", test), Support.signals(["s": .string(value)])) == expected)
  }

  @Test(
    "regex targets: an unanchored search, any target matching, where . is one character",
    arguments: [
      (["b+c"], "abbbcd", true),
      (["^b"], "abc", false),
      (["^a.c$"], "abc", true),
      (["x", "c$"], "abc", true),
      (["^.$"], "👍", true),
      (["^.$"], "👨‍👩‍👧", true),
      (["^..$"], "🇯🇵", false),
      (["(a+)+$"], String(repeating: "a", count: 5_000) + "!", false),
    ])
  func regexTargets(patterns: [String], value: String, expected: Bool) {
    let condition = Support.signal("s", .string(.containsRegex, patterns))
    #expect(Support.isTrue(condition, Support.signals(["s": .string(value)])) == expected)
  }

  @Test(
    "an invalid regex target never matches and is a compile diagnostic; valid siblings still work")
  func invalidRegexTarget() {
    let condition = Support.signal("s", .string(.containsRegex, ["(unclosed", "ok"]))
    #expect(Support.isTrue(condition, Support.signals(["s": "ok"])))
    #expect(!Support.isTrue(condition, Support.signals(["s": "(unclosed"])))
    let compiled = CompiledTemplate(
      Template(conditions: [NamedCondition(name: "c", condition: condition)]))
    #expect(compiled.diagnostics.map(\.severity) == [.error])
    #expect(compiled.diagnostics.first?.message.hasSuffix("; that target never matches") == true)
  }

  @Test("values longer than the regex bound do not match, and the explanation says so")
  func regexInputBound() {
    let value = String(repeating: "a", count: BoundedRegex.maximumInputLength + 1)
    let condition = Support.signal("s", .string(.containsRegex, ["a"]))
    #expect(!Support.isTrue(condition, Support.signals(["s": .string(value)])))
    #expect(
      Support.why(condition, Support.signals(["s": .string(value)]))
        .hasSuffix("(values over \(BoundedRegex.maximumInputLength) characters are not searched)"))
  }

  @Test("numbers are matched by string operators through their JSON spelling")
  func numbersAsStrings() throws {
    #expect(
      Support.isTrue(
        Support.signal("n", .string(.exactlyMatches, ["2.5"])), Support.signals(["n": 2.5])))
    guard case .number(let spelled) = try JSONParser().parse("1e3") else {
      Issue.record("1e3 did not parse as a number")
      return
    }
    #expect(
      Support.isTrue(
        Support.signal("n", .string(.contains, ["1e3"])), Support.signals(["n": .number(spelled)])))
    #expect(
      Support.isTrue(
        Support.signal("n", .numeric(.equal, ["1000"])), Support.signals(["n": .number(spelled)])))
  }

  // MARK: Numeric operators

  @Test(
    "numeric operators compare with the FIRST target only",
    arguments: [
      (ComparisonOperator.lessThan, "2", [true, false, false]),
      (.lessOrEqual, "2", [true, true, false]),
      (.equal, "2", [false, true, false]),
      (.notEqual, "2", [true, false, true]),
      (.greaterThan, "2", [false, false, true]),
      (.greaterOrEqual, "2", [false, true, true]),
      (.greaterOrEqual, "-2.5", [true, true, true]),
    ])
  func numericOperators(op: ComparisonOperator, target: String, expected: [Bool]) {
    let condition = Support.signal("n", .numeric(op, [target, "1000"]))
    let results = ["1", "2", "3"].map {
      Support.isTrue(condition, Support.signals(["n": .string($0)]))
    }
    #expect(results == expected)
    let numbers = [1, 2, 3].map {
      Support.isTrue(condition, Support.signals(["n": .number(JSONNumber($0))]))
    }
    #expect(numbers == expected)
  }

  @Test(
    "a value that is not a decimal literal makes every numeric comparison false",
    arguments: ["0x10", "1_000", "inf", "-Infinity", "NaN", "", "  ", "1e400", "12abc", "١٢"])
  func strictNumbers(value: String) {
    for op in ComparisonOperator.allCases {
      #expect(
        !Support.isTrue(
          Support.signal("n", .numeric(op, ["0"])), Support.signals(["n": .string(value)])))
    }
    #expect(
      Support.why(
        Support.signal("n", .numeric(.greaterThan, ["0"])), Support.signals(["n": .string(value)])
      ).contains("is not a number"))
  }

  @Test("surrounding whitespace is trimmed before reading a number")
  func trimmedNumbers() {
    #expect(
      Support.isTrue(Support.signal("n", .numeric(.equal, ["5"])), Support.signals(["n": " 5\n"])))
  }

  @Test("a numeric target that is not a number never matches and is a compile diagnostic")
  func badNumericTarget() {
    let condition = Support.signal("n", .numeric(.notEqual, ["ten"]))
    #expect(!Support.isTrue(condition, Support.signals(["n": "5"])))
    let compiled = CompiledTemplate(
      Template(conditions: [NamedCondition(name: "c", condition: condition)]))
    #expect(compiled.diagnostics.map(\.severity) == [.error])
    #expect(compiled.diagnostics.first?.message.contains("numeric target 'ten'") == true)
  }

  // MARK: Semantic versions

  @Test(
    "semantic-version operators compare numerically segment by segment",
    arguments: [
      ("3.10.0", ComparisonOperator.greaterThan, "3.9.0", true),
      ("1.2", .equal, "1.2.0.0", true),
      ("1.2.1", .greaterThan, "1.2", true),
      ("2", .lessThan, "10", true),
      ("1.0.0", .notEqual, "1", false),
      ("1.2.3.4.5", .greaterOrEqual, "1.2.3.4.4", true),
      ("0.9", .lessOrEqual, "0.10", true),
    ])
  func versions(value: String, op: ComparisonOperator, target: String, expected: Bool) {
    #expect(
      Support.isTrue(
        Support.signal("v", .version(op, [target])), Support.signals(["v": .string(value)]))
        == expected)
  }

  @Test(
    "an invalid version on either side makes every version comparison false",
    arguments: ["", "1..2", "-1.0", "1.0.0-beta", "1.2.3.4.5.6", "v1", "١.٢", "1.", "1234567890"])
  func invalidVersions(version: String) {
    for op in ComparisonOperator.allCases {
      #expect(
        !Support.isTrue(
          Support.signal("v", .version(op, ["1.0"])), Support.signals(["v": .string(version)])))
      #expect(
        !Support.isTrue(Support.signal("v", .version(op, [version])), Support.signals(["v": "1.0"]))
      )
    }
  }

  @Test("version comparisons use the first target only")
  func versionFirstTarget() {
    #expect(
      Support.isTrue(
        Support.signal("v", .version(.equal, ["2.0", "3.0"])), Support.signals(["v": "2"])))
    #expect(
      !Support.isTrue(
        Support.signal("v", .version(.equal, ["2.0", "3.0"])), Support.signals(["v": "3"])))
  }

  // MARK: Client signals

  @Test("app, device and installation signals read their context fields")
  func clientSignals() {
    let context = EvaluationContext(
      appID: "com.example.app", appVersion: "2.3.0", appBuild: "120", platform: "ios",
      country: "JP",
      language: "ja", userProperties: ["plan": "pro"], installationID: "fid-1")
    let checks: [(Signal, SignalTest)] = [
      (.appID, .string(.equals, ["com.example.app"])),
      (.appVersion, .version(.greaterOrEqual, ["2.3"])),
      (.appBuild, .version(.greaterThan, ["99"])),
      (.platform, .string(.equals, ["android", "ios"])),
      (.country, .string(.equals, ["JP"])),
      (.language, .string(.equals, ["ja"])),
      (.userProperty("plan"), .string(.exactlyMatches, ["pro"])),
      (.installationID, .string(.equals, ["fid-1"])),
    ]
    for (signal, test) in checks {
      #expect(Support.isTrue(.signal(SignalCondition(signal, test)), context), "\(signal)")
      #expect(
        !Support.isTrue(.signal(SignalCondition(signal, test)), EvaluationContext()), "\(signal)")
    }
  }

  @Test(
    "each audience operator holds as named for the context's audiences, and none holds without any",
    arguments: [
      (AudienceOperator.inAtLeastOne, ["a", "x"], true), (.inAtLeastOne, ["x", "y"], false),
      (.notInAtLeastOne, ["a", "x"], true), (.notInAtLeastOne, ["a", "b"], false),
      (.inAll, ["a", "b"], true), (.inAll, ["a", "x"], false),
      (.notInAll, ["x", "y"], true), (.notInAll, ["a", "x"], false),
    ])
  func audiences(op: AudienceOperator, targets: [String], expected: Bool) {
    let condition = Condition.signal(SignalCondition(.audiences, .audience(op, targets)))
    #expect(Support.isTrue(condition, EvaluationContext(audiences: ["a", "b"])) == expected)
    #expect(!Support.isTrue(condition, EvaluationContext()))
  }

  @Test("dateTime compares the context's time, else the caller's clock")
  func dateTime() {
    let instant = TestTime.start  // where the support evaluates
    let before = Condition.signal(
      SignalCondition(
        .evaluationTime,
        .time(.lessThan, TimeTarget(instant: instant, text: "2026-01-01T00:00:00", zone: nil))))
    let atOrAfter = Condition.signal(
      SignalCondition(
        .evaluationTime,
        .time(.greaterOrEqual, TimeTarget(instant: instant, text: "2026-01-01T00:00:00", zone: nil))
      ))
    #expect(!Support.isTrue(before, EvaluationContext()))
    #expect(Support.isTrue(atOrAfter, EvaluationContext()))
    #expect(Support.isTrue(before, EvaluationContext(now: instant.addingTimeInterval(-1))))
    #expect(!Support.isTrue(atOrAfter, EvaluationContext(now: instant.addingTimeInterval(-1))))
  }

  @Test("first-open time: <= and >, and false when unknown")
  func firstOpen() {
    let instant = Date(timeIntervalSince1970: 1_700_000_000)
    let target = TimeTarget(instant: instant, text: "2023-11-14T22:13:20", zone: nil)
    let atMost = Condition.signal(SignalCondition(.firstOpenTime, .time(.lessOrEqual, target)))
    let after = Condition.signal(SignalCondition(.firstOpenTime, .time(.greaterThan, target)))
    #expect(Support.isTrue(atMost, EvaluationContext(firstOpenTime: instant)))
    #expect(!Support.isTrue(after, EvaluationContext(firstOpenTime: instant)))
    #expect(Support.isTrue(after, EvaluationContext(firstOpenTime: instant.addingTimeInterval(1))))
    #expect(!Support.isTrue(atMost, EvaluationContext()))
    #expect(!Support.isTrue(after, EvaluationContext()))
  }

  // MARK: Custom signal lookup

  @Test(
    "a custom signal is found as the context's dictionary finds it, among a few signals or many",
    arguments: [0, 3, 7, 8, 9, 40])
  func customSignalLookup(otherSignals: Int) {
    let grade = Support.signal("gr\u{E9}de", .numeric(.greaterOrEqual, ["3"]))
    let version = Support.signal("gr\u{E9}de", .version(.greaterOrEqual, ["3"]))
    var signals: [String: CustomSignalValue] = [:]
    for index in 0..<otherSignals { signals["other \(index)"] = .number(JSONNumber(index)) }
    #expect(!Support.isTrue(grade, Support.signals(signals)))
    // The key spelled with a combining accent is the same dictionary key.
    signals["gre\u{301}de"] = 4
    #expect(Support.isTrue(grade, Support.signals(signals)))
    #expect(Support.isTrue(version, Support.signals(signals)))
    signals["gre\u{301}de"] = "2"
    #expect(!Support.isTrue(grade, Support.signals(signals)))
    #expect(!Support.isTrue(version, Support.signals(signals)))
  }
}
