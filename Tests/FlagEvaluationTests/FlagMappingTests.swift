import ConfigClient
import ConfigEngine
import Core
import FlagEvaluation
import SwitchyardTestSupport
import Testing

@Suite("Firebase outcomes in OpenFeature's words (README's mapping table)")
struct FlagMappingTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let outcome: String
    let key: String
    var context: FlagContext? = FlagTestSupport.web
    var defaults = FlagFixtures.defaults
    let asked: FlagValue
    let value: FlagValue
    let reason: FlagReason
    let variant: String?
    var errorCode: FlagErrorCode? = nil
    var testDescription: String { outcome }
  }

  static let rows: [Row] = [
    Row(
      outcome: "a conditional value won, no percent decided it", key: "welcome",
      context: FlagTestSupport.ios, asked: .string("?"), value: .string("Hi iOS"),
      reason: .targetingMatch, variant: "ios"),
    Row(
      outcome: "a conditional value won, a percent bucket decided", key: "welcome",
      context: FlagTestSupport.android, asked: .string("?"), value: .string("Hi Android"),
      reason: .split, variant: "android_rollout"),
    Row(
      outcome: "the default value, where the parameter has conditional values", key: "welcome",
      asked: .string("?"), value: .string("Hi"), reason: .default, variant: "default"),
    Row(
      outcome: "the default value, where it has none", key: "static_text", asked: .string("?"),
      value: .string("the same for everyone"), reason: .static, variant: "default"),
    Row(
      outcome: "useInAppDefault as the default value", key: "deferred", asked: .integer(0),
      value: .integer(7), reason: .default, variant: "inAppDefault"),
    Row(
      outcome: "useInAppDefault as a condition's value", key: "deferred_on_ios",
      context: FlagTestSupport.ios, asked: .boolean(true), value: .boolean(false),
      reason: .default, variant: "inAppDefault"),
    Row(
      outcome: "a key only the in-app defaults have", key: "app_only", asked: .string("?"),
      value: .string("from the app"), reason: .default, variant: "inAppDefault"),
    Row(
      outcome: "useInAppDefault with no in-app default: the caller's default, no error",
      key: "deferred", defaults: InAppDefaults(), asked: .integer(42), value: .integer(42),
      reason: .default, variant: "inAppDefault"),
    Row(
      outcome: "a key in neither", key: "nowhere", asked: .string("fallback"),
      value: .string("fallback"), reason: .error, variant: nil, errorCode: .flagNotFound),
    Row(
      outcome: "another type asked than the value has", key: "welcome", asked: .boolean(true),
      value: .boolean(true), reason: .error, variant: nil, errorCode: .typeMismatch),
  ]

  @Test("each row: the value, the reason, the variant and the error", arguments: rows)
  func row(_ row: Row) throws {
    let details = FlagTestSupport.details(
      try FlagTestSupport.evaluator(defaults: row.defaults), row.key, asking: row.asked,
      row.context)
    #expect(details.flagKey == row.key)
    #expect(details.value == row.value)
    #expect(details.reason == row.reason)
    #expect(details.variant == row.variant)
    #expect(details.errorCode == row.errorCode)
    #expect((details.errorMessage != nil) == (row.errorCode != nil))
  }

  @Test("a parameter with no value in the template is the in-app default's")
  func noValueInTemplate() {
    let evaluator = FlagEvaluator(
      source: TemplateFlagSource(
        template: CompiledTemplate(
          Template(parameters: [TemplateParameter(key: "p", defaultValue: nil)])),
        defaults: InAppDefaults(["p": "from the app"])))
    let details = evaluator.stringDetails("p", default: "?")
    #expect(details.value == "from the app")
    #expect(details.reason == .default)
    #expect(details.variant == "inAppDefault")
  }

  @Test("metadata: the template's version, the deciding condition, the source, the type")
  func metadata() throws {
    let evaluator = try FlagTestSupport.evaluator()
    #expect(
      evaluator.stringDetails("welcome", default: "?", context: FlagTestSupport.ios).flagMetadata
        == [
          "version": .string("12"), "condition": .string("ios"), "source": .string("remote"),
          "valueType": .string("STRING"),
        ])
    #expect(
      evaluator.booleanDetails("deferred_on_ios", default: true, context: FlagTestSupport.ios)
        .flagMetadata == [
          "version": .string("12"), "condition": .string("ios"), "source": .string("default"),
          "valueType": .string("BOOLEAN"),
        ])
    #expect(
      evaluator.stringDetails("app_only", default: "?").flagMetadata == [
        "version": .string("12"), "source": .string("default"), "valueType": .string("STRING"),
      ])
    #expect(
      try FlagTestSupport.evaluator(defaults: InAppDefaults()).integerDetails(
        "deferred", default: 1
      ).flagMetadata == [
        "version": .string("12"), "source": .string("static"), "valueType": .string("NUMBER"),
      ])
    #expect(
      evaluator.stringDetails("untyped", default: "?").flagMetadata == [
        "version": .string("12"), "source": .string("remote"),
      ])
    #expect(
      evaluator.stringDetails("nowhere", default: "?").flagMetadata == ["version": .string("12")])
  }

  @Test("a stale client answers STALE where it would not fail, with the same value")
  func stale() async throws {
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource([.template(FlagFixtures.templateJSON)]),
      timeSource: ManualTimeSource(now: TestTime.start), defaults: FlagFixtures.defaults)
    try await client.fetchAndActivate()
    let flags = FlagEvaluator(source: client)
    let fresh = flags.stringDetails("welcome", default: "?", context: FlagTestSupport.ios)
    #expect(fresh.reason == .targetingMatch)
    await client.markStale()
    for (key, context) in [
      ("welcome", FlagTestSupport.ios), ("welcome", FlagTestSupport.android),
      ("welcome", FlagTestSupport.web), ("static_text", FlagTestSupport.web),
      ("app_only", FlagTestSupport.web),
    ] {
      let before = try FlagTestSupport.evaluator().stringDetails(
        key, default: "?", context: context)
      let stale = flags.stringDetails(key, default: "?", context: context)
      #expect(stale.reason == .stale, "\(key)")
      #expect(stale.value == before.value, "\(key)")
      #expect(stale.variant == before.variant, "\(key)")
    }
    #expect(flags.stringDetails("nowhere", default: "?").reason == .error)
    #expect(flags.booleanDetails("welcome", default: true).errorCode == .typeMismatch)
  }

  @Test("without a context, a client's own snapshot answers, evaluated for its own context")
  func ownContext() async throws {
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource([.template(FlagFixtures.templateJSON)]),
      timeSource: ManualTimeSource(now: TestTime.start),
      context: EvaluationContext(randomizationID: "u1", platform: "ios"))
    try await client.fetchAndActivate()
    let details = FlagEvaluator(source: client).stringDetails("welcome", default: "?")
    #expect(details.value == "Hi iOS")
    #expect(details.reason == .targetingMatch)
    // A context replaces the client's own; it is not merged into it.
    #expect(
      FlagEvaluator(source: client).stringDetails("welcome", default: "?", context: FlagContext())
        .value == "Hi")
  }

  @Test("a source with nothing loaded answers the caller's default, PROVIDER_NOT_READY")
  func notReady() {
    let details = FlagEvaluator(source: ClosureFlagSource { nil }).integerDetails(
      "limit", default: 3)
    #expect(details.value == 3)
    #expect(details.reason == .error)
    #expect(details.errorCode == .providerNotReady)
  }

  @Test("a reloaded source is read by the next evaluation")
  func reload() throws {
    let current = LockedState<CompiledTemplate?>(nil)
    let flags = FlagEvaluator(
      source: ClosureFlagSource {
        current.withLock { $0 }.map { FlagConfiguration(template: $0, now: TestTime.start) }
      })
    #expect(flags.integerDetails("limit", default: 0).errorCode == .providerNotReady)
    current.withLock { $0 = try? FlagFixtures.template() }
    #expect(flags.integerDetails("limit", default: 0).value == 10)
  }
}
