import Core
import FlagEvaluation
import SwitchyardTestSupport
import Testing

@Suite("OpenTelemetry's feature-flag attributes")
struct FlagTelemetryTests {
  @Test("a success: key, provider, variant, reason in snake case, version, context id")
  func success() throws {
    let details = try FlagTestSupport.evaluator().stringDetails(
      "welcome", default: "?", context: FlagTestSupport.ios)
    #expect(
      details.telemetryAttributes(contextID: "u1") == [
        "feature_flag.key": "welcome", "feature_flag.provider.name": "switchyard",
        "feature_flag.result.variant": "ios", "feature_flag.result.reason": "targeting_match",
        "feature_flag.version": "12", "feature_flag.context.id": "u1",
      ])
  }

  @Test(
    "a failure: no variant, so the value answered (the caller's default); error.type in snake case and error.message"
  )
  func failure() throws {
    let details = try FlagTestSupport.evaluator().stringDetails("nowhere", default: "?")
    #expect(
      details.telemetryAttributes(contextID: nil) == [
        "feature_flag.key": "nowhere", "feature_flag.provider.name": "switchyard",
        "feature_flag.result.reason": "error", "feature_flag.result.value": "?",
        "feature_flag.version": "12", "error.type": "flag_not_found",
        "error.message": "flag 'nowhere' is in neither the template nor the in-app defaults",
      ])
  }

  @Test(
    "the value of a failed evaluation of each type is written as JSON writes it",
    arguments: [
      (FlagValue.boolean(true), "true"), (.string("off"), "off"), (.integer(-3), "-3"),
      (.double(0.25), "0.25"), (.object(["a": [1, nil]]), #"{"a":[1,null]}"#),
    ])
  func failedValue(asked: FlagValue, text: String) throws {
    let flags = try FlagTestSupport.evaluator()
    let attributes =
      switch asked {
      case .boolean(let value):
        flags.booleanDetails("nowhere", default: value).telemetryAttributes(contextID: nil)
      case .string(let value):
        flags.stringDetails("nowhere", default: value).telemetryAttributes(contextID: nil)
      case .integer(let value):
        flags.integerDetails("nowhere", default: value).telemetryAttributes(contextID: nil)
      case .double(let value):
        flags.doubleDetails("nowhere", default: value).telemetryAttributes(contextID: nil)
      case .object(let value):
        flags.objectDetails("nowhere", default: value).telemetryAttributes(contextID: nil)
      }
    #expect(attributes["feature_flag.result.value"] == text)
    // The details hooks see hold the value as a `FlagValue`: the same text.
    let erased = FlagTestSupport.details(flags, "nowhere", asking: asked, nil)
    #expect(erased.telemetryAttributes(contextID: nil)["feature_flag.result.value"] == text)
  }
}
