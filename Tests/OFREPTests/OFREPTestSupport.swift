import ConfigEngine
import Core
import FlagEvaluation
import OFREP
import SwitchyardTestSupport

/// A responder over the shared fixture, and requests to it.
enum OFREPTestSupport {
  static let single = "/ofrep/v1/evaluate/flags/"
  static let bulk = "/ofrep/v1/evaluate/flags"

  static func responder(
    defaults: InAppDefaults = FlagFixtures.defaults, apiKeys: [String] = [],
    eventStream: OFREPEventStream? = nil, hooks: [any FlagHook] = []
  ) throws -> OFREPResponder {
    OFREPResponder(
      evaluator: FlagEvaluator(
        source: TemplateFlagSource(
          template: try FlagFixtures.template(), defaults: defaults,
          timeSource: ManualTimeSource(now: TestTime.start)),
        hooks: hooks),
      apiKeys: OFREPAPIKeys(apiKeys), eventStream: eventStream)
  }

  static func post(
    _ path: String, _ body: String, headers: [(name: String, value: String)] = []
  ) -> OFREPRequest {
    OFREPRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8))
  }

  /// The body as text and as JSON (null for none or not JSON).
  static func json(_ response: OFREPResponse) -> JSONValue {
    (try? JSONParser().parse(response.body)) ?? .null
  }

  static func text(_ response: OFREPResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
  }
}
