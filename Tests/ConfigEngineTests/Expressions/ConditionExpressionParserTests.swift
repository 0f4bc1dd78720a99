import Core
import Foundation
import Testing

@testable import ConfigEngine

@Suite("ConditionExpressionParser")
struct ConditionExpressionParserTests {
  private static func on(_ signal: Signal, _ test: SignalTest) -> Condition {
    .signal(SignalCondition(signal, test))
  }

  private static func parse(_ expression: String) throws(ConditionSyntaxError) -> Condition {
    try ConditionExpressionParser.parse(expression, conditionName: "c")
  }

  // MARK: - Atoms

  @Test(
    "each atom form parses into its exact condition",
    arguments: [
      ("true", Condition.constant(true)),
      ("false", .constant(false)),
      ("device.os == 'ios'", on(.platform, .string(.equals, ["ios"]))),
      ("device.os != 'android'", on(.platform, .string(.notEquals, ["android"]))),
      ("device.country in ['JP']", on(.country, .string(.equals, ["JP"]))),
      ("device.language in ['ja-JP']", on(.language, .string(.equals, ["ja-JP"]))),
      ("app.id == '1:123:ios:abc'", on(.appID, .string(.equals, ["1:123:ios:abc"]))),
      ("app.id != '1:123:ios:abc'", on(.appID, .string(.notEquals, ["1:123:ios:abc"]))),
      ("app.version.>=(['2.0.0'])", on(.appVersion, .version(.greaterOrEqual, ["2.0.0"]))),
      ("app.build.<(['120'])", on(.appBuild, .version(.lessThan, ["120"]))),
      ("app.version.matches(['^2\\.'])", on(.appVersion, .string(.containsRegex, ["^2\\."]))),
      ("app.build.contains(['9'])", on(.appBuild, .string(.contains, ["9"]))),
      (
        "app.customSignal['grade'] >= 3",
        on(.customSignal("grade"), .numeric(.greaterOrEqual, ["3"]))
      ),
      (
        "app.customSignal['temp'] < -2.5",
        on(.customSignal("temp"), .numeric(.lessThan, ["-2.5"]))
      ),
      (
        "app.userProperty['level'] > 10",
        on(.userProperty("level"), .numeric(.greaterThan, ["10"]))
      ),
      (
        "app.customSignal['plan'].exactlyMatches(['pro'])",
        on(.customSignal("plan"), .string(.exactlyMatches, ["pro"]))
      ),
      (
        "app.userProperty['tier'].notContains(['free'])",
        on(.userProperty("tier"), .string(.doesNotContain, ["free"]))
      ),
      (
        "version(app.customSignal['os']) >= '1.2.0'",
        on(.customSignal("os"), .version(.greaterOrEqual, ["1.2.0"]))
      ),
      (
        "app.audiences.inAtLeastOne(['Buyers'])",
        on(.audiences, .audience(.inAtLeastOne, ["Buyers"]))
      ),
      (
        "app.firebaseInstallationId in ['fid-1']",
        on(.installationID, .string(.equals, ["fid-1"]))
      ),
      ("percent <= 10", .percent(PercentCondition(range: .atMost(10_000_000)))),
      ("percent > 25.5", .percent(PercentCondition(range: .above(25_500_000)))),
      (
        "percent between 0 and 33.333333",
        .percent(PercentCondition(range: .between(lower: 0, upper: 33_333_333)))
      ),
      (
        "percent('exp-1_a.b') <= 50",
        .percent(PercentCondition(seed: "exp-1_a.b", range: .atMost(50_000_000)))
      ),
      (
        "percent('s') between 10 and 20",
        .percent(PercentCondition(seed: "s", range: .between(lower: 10_000_000, upper: 20_000_000)))
      ),
      ("percent('') > 1", .percent(PercentCondition(seed: "", range: .above(1_000_000)))),
    ])
  func atom(expression: String, expected: Condition) throws {
    #expect(try Self.parse(expression) == expected)
  }

  @Test(
    "lists keep every target in order, escapes resolved, duplicates kept",
    arguments: [
      ("device.country in ['JP', 'US','GB' ]", on(.country, .string(.equals, ["JP", "US", "GB"]))),
      ("device.language in ['ja', 'ja']", on(.language, .string(.equals, ["ja", "ja"]))),
      (
        "app.firebaseInstallationId in ['a', 'b', 'c', 'd']",
        on(.installationID, .string(.equals, ["a", "b", "c", "d"]))
      ),
      (
        #"app.customSignal['name'].contains(['O\'Brien', 'a\\b', ''])"#,
        on(.customSignal("name"), .string(.contains, ["O'Brien", #"a\b"#, ""]))
      ),
      (
        "app.audiences.notInAll(['A', 'B'])",
        on(.audiences, .audience(.notInAll, ["A", "B"]))
      ),
      (
        "app.version.==(['1.0', '2.0'])",
        on(.appVersion, .version(.equal, ["1.0", "2.0"]))
      ),
    ])
  func lists(expression: String, expected: Condition) throws {
    #expect(try Self.parse(expression) == expected)
  }

  @Test(
    "app.version and app.build take all six comparisons as methods",
    arguments: [
      ("==", ComparisonOperator.equal), ("!=", .notEqual), ("<", .lessThan),
      ("<=", .lessOrEqual), (">", .greaterThan), (">=", .greaterOrEqual),
    ])
  func versionMethods(spelling: String, comparison: ComparisonOperator) throws {
    #expect(
      try Self.parse("app.version.\(spelling)(['2.0.0'])")
        == Self.on(.appVersion, .version(comparison, ["2.0.0"])))
    #expect(
      try Self.parse("app.build.\(spelling)(['42', '43'])")
        == Self.on(.appBuild, .version(comparison, ["42", "43"])))
  }

  @Test(
    "custom signals and user properties compare as numbers, and version() as versions, six ways",
    arguments: [
      ("==", ComparisonOperator.equal), ("!=", .notEqual), ("<", .lessThan),
      ("<=", .lessOrEqual), (">", .greaterThan), (">=", .greaterOrEqual),
    ])
  func numericAndVersionComparisons(spelling: String, comparison: ComparisonOperator) throws {
    #expect(
      try Self.parse("app.customSignal['n'] \(spelling) 0.25")
        == Self.on(.customSignal("n"), .numeric(comparison, ["0.25"])))
    #expect(
      try Self.parse("app.userProperty['n']\(spelling)-7")
        == Self.on(.userProperty("n"), .numeric(comparison, ["-7"])))
    #expect(
      try Self.parse("version(app.customSignal['v']) \(spelling) '1.2.3.4.5'")
        == Self.on(.customSignal("v"), .version(comparison, ["1.2.3.4.5"])))
  }

  @Test(
    "the four string methods map onto the string operators on every signal that has them",
    arguments: [
      ("exactlyMatches", StringOperator.exactlyMatches), ("contains", .contains),
      ("notContains", .doesNotContain), ("matches", .containsRegex),
    ])
  func stringMethods(method: String, stringOperator: StringOperator) throws {
    let signals: [(String, Signal)] = [
      ("app.version", .appVersion), ("app.build", .appBuild),
      ("app.customSignal['k']", .customSignal("k")),
      ("app.userProperty['k']", .userProperty("k")),
    ]
    for (spelling, signal) in signals {
      #expect(
        try Self.parse("\(spelling).\(method)(['x', 'y'])")
          == Self.on(signal, .string(stringOperator, ["x", "y"])))
    }
  }

  @Test(
    "the four audience methods map onto the audience operators",
    arguments: AudienceOperator.allCases)
  func audienceMethods(audienceOperator: AudienceOperator) throws {
    #expect(
      try Self.parse("app.audiences.\(audienceOperator.rawValue)(['A', 'B'])")
        == Self.on(.audiences, .audience(audienceOperator, ["A", "B"])))
  }

  // MARK: - Time

  @Test(
    "time atoms read the wall-clock text in the named zone, or in GMT without one",
    arguments: [
      (
        "dateTime < dateTime('2025-01-06T03:00:00', 'Asia/Tokyo')",
        Signal.evaluationTime, ComparisonOperator.lessThan, "2025-01-06T03:00:00",
        String?("Asia/Tokyo"),
        "2025-01-05T18:00:00Z"
      ),
      (
        "dateTime >= dateTime('2025-01-06T03:00:00')",
        .evaluationTime, .greaterOrEqual, "2025-01-06T03:00:00", nil, "2025-01-06T03:00:00Z"
      ),
      (
        "app.firstOpenTimestamp <= ('2025-01-01T09:00:00', 'Asia/Tokyo')",
        .firstOpenTime, .lessOrEqual, "2025-01-01T09:00:00", "Asia/Tokyo",
        "2025-01-01T00:00:00Z"
      ),
      (
        "app.firstOpenTimestamp > ('2025-01-01T09:00:00')",
        .firstOpenTime, .greaterThan, "2025-01-01T09:00:00", nil, "2025-01-01T09:00:00Z"
      ),
      (
        "app.firstOpenTimestamp > ('2025-07-01T09:30', 'America/Los_Angeles')",
        .firstOpenTime, .greaterThan, "2025-07-01T09:30", "America/Los_Angeles",
        "2025-07-01T16:30:00Z"
      ),
      (
        // Firebase's own example in its condition reference.
        "app.firstOpenTimestamp >= ('2022-10-31T14:37:47', 'America/Los_Angeles')",
        .firstOpenTime, .greaterOrEqual, "2022-10-31T14:37:47", "America/Los_Angeles",
        "2022-10-31T21:37:47Z"
      ),
      (
        "app.firstOpenTimestamp < ('2025-01-01T09:00:00')",
        .firstOpenTime, .lessThan, "2025-01-01T09:00:00", nil, "2025-01-01T09:00:00Z"
      ),
      (
        "dateTime<dateTime('2024-12-31T23:59:59','Etc/GMT-14')",
        .evaluationTime, .lessThan, "2024-12-31T23:59:59", "Etc/GMT-14", "2024-12-31T09:59:59Z"
      ),
    ])
  func timeAtoms(
    expression: String, signal: Signal, comparison: ComparisonOperator, text: String,
    zone: String?, utc: String
  ) throws {
    let instant = try Timestamp.parse(utc)
    #expect(
      try Self.parse(expression)
        == Self.on(signal, .time(comparison, TimeTarget(instant: instant, text: text, zone: zone))))
  }

  @Test(
    "each comparison of the first-open time holds as it reads, a second before, at and after the target",
    arguments: [
      ("<=", [true, true, false]), (">", [false, false, true]), (">=", [false, true, true]),
      ("<", [true, false, false]),
    ])
  func firstOpenComparisons(comparison: String, expected: [Bool]) throws {
    let condition = try Self.parse(
      "app.firstOpenTimestamp \(comparison) ('2022-10-31T14:37:47', 'America/Los_Angeles')")
    let target = try Timestamp.parse("2022-10-31T21:37:47Z")
    let results = [-1.0, 0, 1].map { offset in
      EvaluationTestSupport.isTrue(condition, EvaluationContext(firstOpenTime: target + offset))
    }
    #expect(results == expected)
  }

  // MARK: - Chains and whitespace

  @Test("one atom is returned as itself, not wrapped in an and")
  func singleAtom() throws {
    #expect(
      try Self.parse("percent <= 10") == .percent(PercentCondition(range: .atMost(10_000_000))))
  }

  @Test("two atoms joined by && become an and in source order")
  func twoAtoms() throws {
    #expect(
      try Self.parse("device.os == 'ios' && device.country in ['JP']")
        == .and([
          Self.on(.platform, .string(.equals, ["ios"])),
          Self.on(.country, .string(.equals, ["JP"])),
        ]))
  }

  @Test("five atoms joined by && become one flat and in source order")
  func fiveAtoms() throws {
    let expression = """
      device.os == 'ios' && app.version.>=(['2.0.0']) && percent('rollout') <= 10 \
      && app.customSignal['grade'] >= 3 && dateTime >= dateTime('2025-04-01T00:00:00', 'Asia/Tokyo')
      """
    #expect(
      try Self.parse(expression)
        == .and([
          Self.on(.platform, .string(.equals, ["ios"])),
          Self.on(.appVersion, .version(.greaterOrEqual, ["2.0.0"])),
          .percent(PercentCondition(seed: "rollout", range: .atMost(10_000_000))),
          Self.on(.customSignal("grade"), .numeric(.greaterOrEqual, ["3"])),
          Self.on(
            .evaluationTime,
            .time(
              .greaterOrEqual,
              TimeTarget(
                instant: try Timestamp.parse("2025-03-31T15:00:00Z"),
                text: "2025-04-01T00:00:00", zone: "Asia/Tokyo"))),
        ]))
  }

  @Test("whitespace is free between tokens, including none at all and line breaks")
  func freeWhitespace() throws {
    let spaced = try Self.parse(
      " app . customSignal [ 'k' ] . contains ( [ 'a' , 'b' ] ) \n&&\tpercent<=5&&true ")
    #expect(
      spaced
        == .and([
          Self.on(.customSignal("k"), .string(.contains, ["a", "b"])),
          .percent(PercentCondition(range: .atMost(5_000_000))),
          .constant(true),
        ]))
  }

  // MARK: - Percent boundaries

  @Test(
    "percent bounds convert exactly at the edges of 0 to 100",
    arguments: [
      ("percent <= 0", PercentCondition.Range.atMost(0)),
      ("percent <= 0.000001", .atMost(1)),
      ("percent > 99.999999", .above(99_999_999)),
      ("percent <= 100", .atMost(100_000_000)),
      ("percent > 100.000000", .above(100_000_000)),
      ("percent between 0 and 100", .between(lower: 0, upper: 100_000_000)),
      ("percent between 10 and 10", .between(lower: 10_000_000, upper: 10_000_000)),
      ("percent between 0.000001 and 0.000002", .between(lower: 1, upper: 2)),
    ])
  func percentBoundaries(expression: String, range: PercentCondition.Range) throws {
    #expect(try Self.parse(expression) == .percent(PercentCondition(range: range)))
  }

  @Test("a seed of exactly 32 allowed characters is accepted")
  func longestSeed() throws {
    let seed = "abcdefghijklmnopqrstuvwxyz-_.019"
    #expect(seed.count == 32)
    #expect(
      try Self.parse("percent('\(seed)') <= 1")
        == .percent(PercentCondition(seed: seed, range: .atMost(1_000_000))))
  }

  // MARK: - Errors

  @Test(
    "a malformed expression is an error naming the condition, the column and what was expected",
    arguments: [
      ("", "condition 'c', column 1: expected a condition"),
      ("   ", "condition 'c', column 4: expected a condition"),
      ("true &&", "condition 'c', column 8: expected a condition"),
      (
        "true || false",
        "condition 'c', column 6: '||' is not supported: Firebase conditions join atoms with"
          + " '&&' only"
      ),
      (
        "|| true",
        "condition 'c', column 1: '||' is not supported: Firebase conditions join atoms with"
          + " '&&' only"
      ),
      (
        "!device.os == 'ios'",
        "condition 'c', column 1: '!' is not supported: Firebase conditions have no negation"
      ),
      (
        "true && (false)",
        "condition 'c', column 9: '(' is not supported here: Firebase conditions have no"
          + " grouping; join atoms with '&&'"
      ),
      ("true false", "condition 'c', column 6: expected '&&' or end of expression"),
      (
        "device.model == 'x'",
        "condition 'c', column 1: unknown signal 'device.model'; Firebase's 'device.' signals"
          + " are device.os, device.country and device.language"
      ),
      (
        "Device.os == 'ios'",
        "condition 'c', column 1: unknown signal 'Device.os'; Firebase's conditions test"
          + " app.build, app.version, app.id, app.audiences, app.firstOpenTimestamp,"
          + " app.firebaseInstallationId, app.userProperty['name'], app.customSignal['name'],"
          + " device.os, device.country, device.language, dateTime, percent, true and false"
      ),
      ("device", "condition 'c', column 7: expected '.' after 'device'"),
      ("app.", "condition 'c', column 5: expected a signal name after 'app.'"),
      (
        "app.version.startsWith",
        "condition 'c', column 13: 'app.version' has no method 'startsWith'; Firebase's are"
          + " .==, .!=, .<, .<=, .>, .>=, exactlyMatches, contains, notContains and matches"
      ),
      (
        "app.version >= '1.0'",
        "condition 'c', column 13: 'app.version' has no operator '>='; Firebase tests it with"
          + " '.' and a method"
      ),
      (
        "app.build.==('1')",
        "condition 'c', column 14: expected a list of quoted strings such as ['a'] inside"
          + " '==(...)'"
      ),
      (
        "app.build.==(['1']",
        "condition 'c', column 19: expected ')' to close the '(' at column 13"
      ),
      ("device.country in ['JP' 'US']", "condition 'c', column 25: expected ',' or ']'"),
      ("device.country in ['JP',]", "condition 'c', column 25: expected a quoted string"),
      (
        "device.country in []",
        "condition 'c', column 20: expected a quoted string: a list needs at least one"
      ),
      (
        "device.country == 'JP'",
        "condition 'c', column 16: 'device.country' has no operator '=='; Firebase tests it"
          + " with 'in'"
      ),
      ("device.country", "condition 'c', column 15: expected 'in' after 'device.country'"),
      (
        "device.os in ['ios']",
        "condition 'c', column 11: 'device.os' has no operator 'in'; Firebase tests it with"
          + " '==' or '!='"
      ),
      ("device.os 'ios'", "condition 'c', column 11: expected '==' or '!=' after 'device.os'"),
      (
        "device.os == ['ios']",
        "condition 'c', column 14: expected a quoted string after 'device.os =='"
      ),
      (
        "app.firebaseInstallationId == 'x'",
        "condition 'c', column 28: 'app.firebaseInstallationId' has no operator '=='; Firebase"
          + " tests it with 'in'"
      ),
      (
        "device.os == 'ios",
        "condition 'c', column 14: unterminated string: expected a closing \"'\""
      ),
      ("device.os = 'ios'", "condition 'c', column 11: '=' is not an operator; use '=='"),
      ("device.os == \"ios\"", "condition 'c', column 14: strings are written in single quotes"),
      ("device.os == 'ios' # note", "condition 'c', column 20: unexpected character '#'"),
      ("device.os == 'ios' & true", "condition 'c', column 20: expected '&&'"),
      (
        "app.customSignal[grade] > 1",
        "condition 'c', column 18: expected a quoted key; write 'grade' in single quotes"
      ),
      ("app.customSignal[''] > 1", "condition 'c', column 18: the key must not be empty"),
      (
        "app.customSignal['grade' > 1",
        "condition 'c', column 29: expected ']' to close the '[' at column 17"
      ),
      (
        "app.customSignal['grade']",
        "condition 'c', column 26: expected a method or a comparison after"
          + " 'app.customSignal['grade']'"
      ),
      (
        "app.customSignal['grade'] >= 'three'",
        "condition 'c', column 30: expected a number: '>=' compares app.customSignal['grade']"
          + " with a number; Firebase compares strings with methods, e.g."
          + " app.customSignal['grade'].exactlyMatches(['three'])"
      ),
      (
        "app.customSignal['grade'] >= 1e2",
        "condition 'c', column 30: malformed number '1e2': write digits with an optional '-'"
          + " and '.' and fraction, as in '-2.5'"
      ),
      (
        "app.customSignal['k'].==(['1'])",
        "condition 'c', column 23: 'app.customSignal['k']' has no method '=='"
      ),
      (
        "app.userProperty['k'].startsWith(['1']",
        "condition 'c', column 39: expected ')' to close the '(' at column 33"
      ),
      (
        "app.audiences.inSome(['a'])",
        "condition 'c', column 15: 'app.audiences' has no method 'inSome'; Firebase's are"
          + " inAtLeastOne, notInAtLeastOne, inAll and notInAll"
      ),
      (
        "app.audiences.inSome 'a'",
        "condition 'c', column 22: expected '&&' or end of expression"
      ),
      (
        "version(app.customSignal['v']) >= '1.2.x'",
        "condition 'c', column 35: invalid version \"1.2.x\": segment 3 is not made of digits 0-9"
      ),
      (
        "version(app.customSignal['v']) >= '1.2.3.4.5.6'",
        "condition 'c', column 35: invalid version \"1.2.3.4.5.6\": it has 6 segments; 1 to 5"
          + " are allowed"
      ),
      (
        "version(app.customSignal['v']) >= 1.2",
        "condition 'c', column 35: expected a quoted version"
      ),
      (
        "version(app.userProperty['v']) >= '1.2'",
        "condition 'c', column 13: expected app.customSignal['key'] inside 'version(...)'"
      ),
      (
        "version(app.customSignal['v']) in ['1']",
        "condition 'c', column 32: 'version(...)' has no operator 'in'; Firebase tests it with"
          + " '==', '!=', '<', '<=', '>' or '>='"
      ),
      (
        "percent <= 100.0000001",
        "condition 'c', column 12: percent '100.0000001' has more than 6 decimal places"
      ),
      ("percent <= 101", "condition 'c', column 12: percent '101' is above 100"),
      ("percent > -1", "condition 'c', column 11: percent '-1' is negative; use 0 to 100"),
      (
        "percent between 60 and 50",
        "condition 'c', column 17: percent range is reversed: 60 is above 50"
      ),
      ("percent between 10 or 20", "condition 'c', column 20: expected 'and'"),
      (
        "percent <= '10'",
        "condition 'c', column 12: expected a percent from 0 to 100, written as a number"
          + " without quotes"
      ),
      (
        "percent < '10'",
        "condition 'c', column 9: 'percent' has no operator '<'; Firebase tests it with '<=',"
          + " '>' or 'between'"
      ),
      ("percent", "condition 'c', column 8: expected '<=', '>' or 'between' after 'percent'"),
      (
        "percent <= .5",
        "condition 'c', column 12: malformed number '.5': write digits with an optional '-'"
          + " and '.' and fraction, as in '-2.5'"
      ),
      (
        "percent('a b') <= 10",
        "condition 'c', column 9: invalid percent seed 'a b': use 0 to 32 characters of A-Z,"
          + " a-z, 0-9, '-', '_' and '.'"
      ),
      (
        "percent('abcdefghijklmnopqrstuvwxyz0123456') <= 10",
        "condition 'c', column 9: invalid percent seed 'abcdefghijklmnopqrstuvwxyz0123456':"
          + " use 0 to 32 characters of A-Z, a-z, 0-9, '-', '_' and '.'"
      ),
      ("percent(seed) <= 10", "condition 'c', column 9: expected a quoted seed"),
      (
        "percent('s' <= 10",
        "condition 'c', column 18: expected ')' to close the '(' at column 8"
      ),
      ("app.customSignal['k'])", "condition 'c', column 22: unexpected ')': nothing is open"),
      ("percent(]", "condition 'c', column 9: ']' does not close the '(' at column 8"),
      (
        "dateTime < dateTime('2025-13-01T00:00:00')",
        "condition 'c', column 21: invalid date and time '2025-13-01T00:00:00': month must be"
          + " 1...12"
      ),
      (
        "dateTime < dateTime('2025-01-01T00:00:00Z')",
        "condition 'c', column 21: invalid date and time '2025-01-01T00:00:00Z': unexpected"
          + " text after the time"
      ),
      (
        "dateTime <= dateTime('2025-01-01T00:00:00')",
        "condition 'c', column 10: 'dateTime' has no operator '<='; Firebase tests it with '<'"
          + " or '>='"
      ),
      ("dateTime < ('2025-01-01T00:00:00')", "condition 'c', column 12: expected dateTime('...')"),
      (
        "dateTime < dateTime('2025-01-01T00:00:00', 'Mars/Olympus')",
        "condition 'c', column 44: unknown time zone 'Mars/Olympus'"
      ),
      (
        "dateTime < dateTime('2025-01-01T00:00:00', '../../etc/passwd')",
        "condition 'c', column 44: unknown time zone '../../etc/passwd'"
      ),
      (
        "dateTime < dateTime('2025-01-01T00:00:00' 'Asia/Tokyo')",
        "condition 'c', column 43: expected ',' or ')'"
      ),
      (
        "app.firstOpenTimestamp == ('2025-01-01T00:00:00')",
        "condition 'c', column 24: 'app.firstOpenTimestamp' has no operator '=='; Firebase tests"
          + " it with '<=', '>', '>=' or '<'"
      ),
      (
        "device.dateTime < dateTime('2025-01-01T00:00:00')",
        "condition 'c', column 1: unknown signal 'device.dateTime'; Firebase writes the time of"
          + " evaluation as dateTime < dateTime('2025-01-01T00:00:00'[, 'zone']) or with '>='"
      ),
      ("app.firstOpenTimestamp <= '2025-01-01T00:00:00'", "condition 'c', column 27: expected '('"),
      (
        "device.os == '👨‍👩‍👧‍👦' &&& true",
        "condition 'c', column 26: expected '&&'"
      ),
      (
        "device.os == 'iOS✓' && é",
        "condition 'c', column 24: unexpected character U+00E9"
      ),
      ("device.os\u{0} == 'ios'", "condition 'c', column 10: unexpected character U+0000"),
    ])
  func malformed(expression: String, description: String) {
    #expect(throws: (any Error).self) { try Self.parse(expression) }
    do {
      _ = try Self.parse(expression)
    } catch {
      #expect(error.description == description)
      #expect((1...(expression.unicodeScalars.count + 1)).contains(error.column))
    }
  }

  @Test("the error carries the condition's name, the column and the message separately")
  func errorFields() {
    #expect(
      throws: ConditionSyntaxError(
        conditionName: "ios_jp", column: 39, message: "expected ']'")
    ) {
      try ConditionExpressionParser.parse(
        "app.id == 'x' && app.customSignal['k' > 3]", conditionName: "ios_jp")
    }
  }
}
