import ConfigClient
import Core
import FlagEvaluation
import SwitchyardTestSupport
import Testing

/// README's FlagEvaluation example, compiled and run here as README spells it (switchyardTests'
/// "README examples" suite checks that README's block appears in this file verbatim).
@Suite("README flag example")
struct ReadmeFlagExampleTests {
  static let templateJSON = """
    {"conditions": [{"name": "onboarding_rollout", "expression": "device.os == 'ios' && percent <= 100"}],
     "parameters": {"new_onboarding": {"defaultValue": {"value": "false"},
       "conditionalValues": {"onboarding_rollout": {"value": "true"}}, "valueType": "BOOLEAN"}},
     "version": {"versionNumber": "3"}}
    """

  // swift-format-ignore
  @Test("a client's flag in OpenFeature's words, with its telemetry and its events")
  func example() async throws {
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource([.template(Self.templateJSON)]),
      timeSource: ManualTimeSource(now: TestTime.start))
    try await client.fetchAndActivate()
    let userID = "user-42"

    let flags = FlagEvaluator(source: client)  // a server: TemplateFlagSource(template:defaults:)
    let details = flags.booleanDetails(
      "new_onboarding", default: false,
      context: FlagContext(targetingKey: userID, attributes: ["platform": "ios", "plan": "pro"]))
    let why = (details.reason, details.variant)  // (SPLIT, "onboarding_rollout"): a bucket decided
    let attributes = details.telemetryAttributes(contextID: userID)  // OpenTelemetry's feature_flag.*
    let listener = Task {
      for await event in client.flagEvents() { print(event.name) }  // PROVIDER_READY, ...
    }

    #expect(details.value)
    #expect(why.0 == .split)
    #expect(why.1 == "onboarding_rollout")
    #expect(attributes["feature_flag.result.reason"] == "split")
    #expect(attributes["feature_flag.version"] == "3")
    listener.cancel()
  }
}
