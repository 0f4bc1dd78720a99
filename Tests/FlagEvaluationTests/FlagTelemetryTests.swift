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

  @Test("a failure: no variant; error.type in snake case and error.message")
  func failure() throws {
    let details = try FlagTestSupport.evaluator().stringDetails("nowhere", default: "?")
    #expect(
      details.telemetryAttributes(contextID: nil) == [
        "feature_flag.key": "nowhere", "feature_flag.provider.name": "switchyard",
        "feature_flag.result.reason": "error", "feature_flag.version": "12",
        "error.type": "flag_not_found",
        "error.message": "flag 'nowhere' is in neither the template nor the in-app defaults",
      ])
  }
}
