import ConfigEngine
import Core
import SwitchyardTestSupport
import Testing

@Suite("How an evaluation chose each value")
struct ValueDecisionTests {
  static let ios = EvaluationContext(randomizationID: "u1", platform: "ios")
  static let android = EvaluationContext(randomizationID: "u1", platform: "android")
  static let web = EvaluationContext(randomizationID: "u1", platform: "web")

  @Test(
    "the winning condition, the default value, the in-app default, or no key at all",
    arguments: [
      ("welcome", ios, ValueDecision.Choice.conditionalValue(condition: "ios", isPercent: false)),
      ("welcome", android, .conditionalValue(condition: "android_rollout", isPercent: true)),
      ("welcome", web, .defaultValue(hasConditionalValues: true)),
      ("static_text", ios, .defaultValue(hasConditionalValues: false)),
      ("deferred", ios, .inAppDefault(condition: nil)),
      ("deferred_on_ios", ios, .inAppDefault(condition: "ios")),
      ("deferred_on_ios", web, .defaultValue(hasConditionalValues: true)),
      ("app_only", ios, .notInTemplate),
      ("nowhere", ios, .notInTemplate),
    ])
  func choices(key: String, context: EvaluationContext, expected: ValueDecision.Choice) throws {
    let values = try FlagFixtures.template().evaluate(
      context, defaults: FlagFixtures.defaults, now: TestTime.start)
    #expect(values.decision(forKey: key).choice == expected)
  }

  @Test("the value is the one evaluation gives, with its source; none for a key in neither")
  func values() throws {
    let template = try FlagFixtures.template()
    let values = template.evaluate(Self.ios, defaults: FlagFixtures.defaults, now: TestTime.start)
    for key in values.keys + ["nowhere"] {
      #expect(values.decision(forKey: key).value == values.configValue(forKey: key))
    }
    #expect(values.decision(forKey: "deferred_on_ios").value?.source == .default)
    #expect(values.decision(forKey: "nowhere").value == nil)
    let bare = template.evaluate(Self.ios, now: TestTime.start)
    #expect(bare.decision(forKey: "deferred").value == ConfigValue.missing(key: "deferred"))
  }

  @Test(
    "the declared valueType, none for a key the template does not have",
    arguments: [
      ("welcome", ConfigValueType.string), ("enabled", .boolean), ("limit", .number),
      ("settings", .json), ("untyped", nil), ("app_only", nil),
    ] as [(String, ConfigValueType?)])
  func valueTypes(key: String, expected: ConfigValueType?) throws {
    let values = try FlagFixtures.template().evaluate(
      Self.web, defaults: FlagFixtures.defaults, now: TestTime.start)
    #expect(values.decision(forKey: key).valueType == expected)
  }

  @Test("a parameter without a default value leaves it to the app")
  func noDefaultValue() {
    let template = CompiledTemplate(
      Template(parameters: [TemplateParameter(key: "p", defaultValue: nil)]))
    let values = template.evaluate(
      EvaluationContext(), defaults: InAppDefaults(["p": "x"]), now: TestTime.start)
    #expect(values.decision(forKey: "p").choice == .inAppDefault(condition: nil))
    #expect(values.decision(forKey: "p").value?.rawValue == "x")
  }

  static let percent = Condition.percent(PercentCondition(seed: "s", range: .atMost(10)))
  static let signal = Condition.signal(
    SignalCondition(.customSignal("k"), .string(.exactlyMatches, ["v"])))

  @Test(
    "a condition is a percent split when a known percent test is anywhere in its tree",
    arguments: [
      (percent, true), (signal, false), (.and([signal, percent]), true),
      (.or([signal, .and([.constant(true), percent])]), true), (.constant(true), false),
      (.percent(PercentCondition(seed: "s", range: .unknown("ABOUT"))), false),
      (.and([signal, .unknown("'exp' is not known")]), false),
    ])
  func percentRule(condition: Condition, isPercent: Bool) {
    let compiled = CompiledTemplate(
      Template(
        conditions: [NamedCondition(name: "c", condition: .or([condition, .constant(true)]))],
        parameters: [
          TemplateParameter(
            key: "p", defaultValue: .value("no"),
            conditionalValues: [ConditionalValue(conditionName: "c", value: .value("yes"))])
        ]))
    let values = compiled.evaluate(EvaluationContext(randomizationID: "u"), now: TestTime.start)
    #expect(
      values.decision(forKey: "p").choice == .conditionalValue(condition: "c", isPercent: isPercent)
    )
  }
}
