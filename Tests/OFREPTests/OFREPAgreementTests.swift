import ConfigEngine
import Core
import FlagEvaluation
import OFREP
import SwitchyardTestSupport
import Testing

@Suite("OFREP answers what the engine (and so `switchyard evaluate`) answers")
struct OFREPAgreementTests {
  static let templates = ["flags", "client-template.json", "server-template.json"]

  private static func template(_ name: String) throws -> CompiledTemplate {
    name == "flags"
      ? try FlagFixtures.template()
      : CompiledTemplate(try Template(json: TemplateFixtures.text(name)))
  }

  @Test(
    "for 300 seeded contexts, every flag's value equals the evaluated raw value, read as its type",
    arguments: templates)
  func agreement(name: String) async throws {
    let template = try Self.template(name)
    let defaults = InAppDefaults(
      ["deferred": "7", "timeout_ms": "250", "use_new_player": "false", "app_only": "x"],
      valueTypes: ["deferred": .number, "timeout_ms": .number, "use_new_player": .boolean])
    let responder = OFREPResponder(
      evaluator: FlagEvaluator(
        source: TemplateFlagSource(
          template: template, defaults: defaults,
          timeSource: ManualTimeSource(now: TestTime.start))))
    var random = SeededRandomGenerator(seed: 22)
    for index in 0..<300 {
      let id = "user-\(random.next() % 100_000)"
      let platform = ["ios", "android", "web"].randomElement(using: &random) ?? "ios"
      let country = ["JP", "US"].randomElement(using: &random) ?? "JP"
      let tier = ["paid", "free", "gold"].randomElement(using: &random) ?? "free"
      let version = ["2.9.0", "3.0.0", "3.1.2"].randomElement(using: &random) ?? "3.0.0"
      let body = JSONValue.object(
        JSONObject([
          (
            "context",
            .object(
              JSONObject([
                ("targetingKey", .string(id)), ("platform", .string(platform)),
                ("country", .string(country)), ("tier", .string(tier)),
                ("appVersion", .string(version)),
              ]))
          )
        ]))
      let response = await responder.respond(
        to: OFREPTestSupport.post(OFREPTestSupport.bulk, body.jsonText))
      let flags = try #require(OFREPTestSupport.json(response)["flags"]?.arrayValue)
      let values = template.evaluate(
        EvaluationContext(
          randomizationID: id, customSignals: ["tier": .string(tier)], appVersion: version,
          platform: platform, country: country),
        defaults: defaults, now: TestTime.start)
      #expect(flags.count == values.keys.count)
      for flag in flags {
        let key = try #require(flag["key"]?.stringValue)
        let expected = try #require(values.configValue(forKey: key))
        #expect(
          Self.agrees(flag["value"], expected), "context \(index), \(name) '\(key)': \(flag)")
      }
    }
  }

  /// Whether an OFREP value is the evaluated raw value read as its JSON type (no value: the
  /// template left it to an in-app default there is none of, or its JSON is `null`).
  static func agrees(_ value: JSONValue?, _ expected: ConfigValue) -> Bool {
    switch value {
    case nil: expected.source == .static || (try? JSONParser().parse(expected.rawValue)) == .null
    case .string(let text)?: text == expected.rawValue
    case .bool(let flag)?: expected.bool == flag
    case .number(let number)?: expected.number == number.doubleValue
    case let json?: (try? JSONParser().parse(expected.rawValue)) == json
    }
  }
}
