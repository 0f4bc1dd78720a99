@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ConditionExpressionWriter")
struct ConditionExpressionWriterTests {
  /// One expression of each atom form, in the spelling the writer gives it.
  static let expressions = [
    "true", "false", "device.os == 'ios'", "device.os != 'android'",
    "device.country in ['JP', 'US']", "device.language in ['ja-JP']",
    "app.id == '1:123:ios:abc'", "app.id != 'x'", "app.version.>=(['2.0.0'])",
    "app.build.<(['120'])", "app.version.==(['1', '2'])", "app.version.matches(['^2\\\\.'])",
    "app.build.contains(['9'])", "app.build.notContains(['9'])",
    "app.customSignal['grade'] >= 3", "app.customSignal['temp'] < -2.5",
    "app.userProperty['level'] != 10", "app.customSignal['plan'].exactlyMatches(['pro'])",
    "app.userProperty['tier'].notContains(['free'])",
    "app.customSignal['it\\'s'].contains(['a\\\\b', 'c\\'d'])",
    "version(app.customSignal['os']) >= '1.2.0'", "app.audiences.inAtLeastOne(['Buyers'])",
    "app.audiences.notInAll(['a', 'b'])", "app.firebaseInstallationId in ['fid-1']",
    "app.firstOpenTimestamp <= ('2025-01-01T09:00:00', 'Asia/Tokyo')",
    "app.firstOpenTimestamp > ('2025-01-01T09:00:00')",
    "app.firstOpenTimestamp >= ('2022-10-31T14:37:47', 'America/Los_Angeles')",
    "app.firstOpenTimestamp < ('2025-01-01T09:00:00')",
    "dateTime < dateTime('2025-01-06T03:00:00', 'America/Los_Angeles')",
    "dateTime >= dateTime('2025-01-06T03:00:00')", "percent <= 10", "percent > 25.5",
    "percent between 0 and 33.333333", "percent('exp-1_a.b') <= 0.000001",
    "percent('s') between 10 and 100", "device.os == 'ios' && percent <= 10 && true",
    "app.customSignal['\u{301}x'].exactlyMatches(['\u{301}', 'e\u{301}'])",
  ]

  @Test("every atom form is written as it is spelled and parses back equal", arguments: expressions)
  func roundTrip(expression: String) throws {
    let condition = try ConditionExpressionParser.parse(expression, conditionName: "c")
    let written = try ConditionExpressionWriter.expression(condition)
    #expect(written == expression)
    #expect(try ConditionExpressionParser.parse(written, conditionName: "c") == condition)
  }

  @Test("nested ands are flattened and trivial ors unwrapped, which mean the same")
  func normalizes() throws {
    let atom = Condition.signal(SignalCondition(.platform, .string(.equals, ["ios"])))
    #expect(
      try ConditionExpressionWriter.expression(.and([.and([atom, .constant(true)]), .or([atom])]))
        == "device.os == 'ios' && true && device.os == 'ios'")
    #expect(try ConditionExpressionWriter.expression(.and([])) == "true")
    #expect(try ConditionExpressionWriter.expression(.or([])) == "false")
  }

  @Test(
    "what the expression language cannot say is refused",
    arguments: [
      Condition.or([.constant(true), .constant(false)]),
      .or([.and([.constant(true), .constant(false)]), .constant(true)]),
      .unknown("futureKind"),
      .percent(PercentCondition(range: .unknown("GREATER_OR_EQUAL"))),
      .percent(PercentCondition(seed: "no spaces", range: .atMost(1))),
      .percent(PercentCondition(range: .between(lower: 2, upper: 1))),
      .percent(PercentCondition(range: .atMost(100_000_001))),
      .signal(SignalCondition(.platform, .string(.equals, ["ios", "android"]))),
      .signal(SignalCondition(.country, .string(.contains, ["J"]))),
      .signal(SignalCondition(.customSignal("k"), .string(.equals, ["a"]))),
      .signal(SignalCondition(.customSignal("k"), .numeric(.equal, ["ten"]))),
      .signal(SignalCondition(.customSignal("k"), .numeric(.equal, ["1", "2"]))),
      .signal(SignalCondition(.customSignal(""), .string(.contains, ["a"]))),
      .signal(SignalCondition(.userProperty("k"), .version(.equal, ["1"]))),
      .signal(SignalCondition(.customSignal("k"), .version(.equal, ["1.x"]))),
      .signal(SignalCondition(.appVersion, .version(.equal, []))),
      .signal(
        SignalCondition(
          .evaluationTime,
          .time(.lessOrEqual, TimeTarget(instant: TestTime.start, text: "2025-01-01T00:00:00", zone: nil)))),
    ])
  func unwritable(condition: Condition) {
    #expect(throws: UnwritableCondition.self) {
      try ConditionExpressionWriter.expression(condition)
    }
  }
}
