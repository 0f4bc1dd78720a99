@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("Client templates end to end")
struct ClientTemplateTests {
  let now = TestTime.start

  private func compiled() throws -> CompiledTemplate {
    CompiledTemplate(try Template(json: TemplateFixtures.text("client-template.json")))
  }

  @Test("reads the REST template: expressions, groups, version, etag; skips the rollout value")
  func reads() throws {
    let result = TemplateReader().read(try TemplateFixtures.text("client-template.json"))
    let template = try #require(result.template)
    #expect(template.conditions.map(\.name) == ["ios_jp", "paid_users", "new_app"])
    #expect(
      template.conditions[0].condition
        == .and([
          .signal(SignalCondition(.platform, .string(.equals, ["ios"]))),
          .signal(SignalCondition(.country, .string(.equals, ["JP"]))),
        ]))
    #expect(template.conditions[0].expression == "device.os == 'ios' && device.country in ['JP']")
    #expect(
      template.parameters.map(\.key) == [
        "welcome_message", "use_new_player", "experiment_banner", "home_tabs",
      ])
    #expect(template.versionNumber == 42)
    #expect(template.etag == "etag-123456789012-42")
    #expect(
      result.problems.map(\.location) == [
        "parameters.experiment_banner.conditionalValues.paid_users"
      ])
  }

  @Test(
    "evaluates like Firebase: template order decides between true conditions",
    arguments: [
      (EvaluationContext(customSignals: ["tier": "gold"], platform: "ios", country: "JP"), "ようこそ"),
      (
        EvaluationContext(customSignals: ["tier": "gold"], platform: "android", country: "JP"),
        "Welcome back, supporter"
      ),
      (EvaluationContext(platform: "ios", country: "US"), "Welcome"),
      (EvaluationContext(), "Welcome"),
    ])
  func welcome(context: EvaluationContext, expected: String) throws {
    #expect(try compiled().evaluate(context, now: now)["welcome_message"].rawValue == expected)
  }

  @Test("version conditions, useInAppDefault and JSON values")
  func otherParameters() throws {
    let template = try compiled()
    let defaults = InAppDefaults(["use_new_player": "false"])
    let new = template.evaluate(EvaluationContext(appVersion: "3.1"), defaults: defaults, now: now)
    #expect(
      new["use_new_player"] == ConfigValue(key: "use_new_player", rawValue: "true", source: .remote)
    )
    let old = template.evaluate(
      EvaluationContext(appVersion: "2.10.0"), defaults: defaults, now: now)
    #expect(
      old["use_new_player"]
        == ConfigValue(key: "use_new_player", rawValue: "false", source: .default))
    #expect(old["experiment_banner"].rawValue == "off")
    #expect(old["home_tabs"].jsonValue == ["learn", "review"])
  }

  @Test("percent expressions through the client path: bucket <= N percent")
  func percentExpression() throws {
    let id = "user-7"
    let bucket = PercentBucket.microPercentile(seed: "rollout", randomizationID: id)
    // A whole percent just above the id's bucket: `<=` holds and `>` does not.
    let percent = bucket / 1_000_000 + 1
    let template = try Template(
      json: """
        {"conditions": [{"name": "in", "expression": "percent('rollout') <= \(percent)"},
                        {"name": "out", "expression": "percent('rollout') > \(percent)"}],
         "parameters": {"a": {"defaultValue": {"value": "no"}, "conditionalValues": {"in": {"value": "yes"}}},
                        "b": {"defaultValue": {"value": "no"}, "conditionalValues": {"out": {"value": "yes"}}}}}
        """)
    let values = CompiledTemplate(template).evaluate(
      EvaluationContext(randomizationID: id), now: now)
    #expect(values["a"].rawValue == "yes")
    #expect(values["b"].rawValue == "no")
  }

  @Test("an expression syntax error is a load error naming the condition and column")
  func syntaxErrors() {
    let text = #"{"conditions": [{"name": "ios_jp", "expression": "device.country in ['JP'"}]}"#
    #expect(
      TemplateReader().read(text).problems
        == [
          TemplateProblem(
            .error, at: "condition 'ios_jp', column 24",
            "expected ']' to close the '[' at column 19")
        ])
  }
}
