import ConfigEngine
import Core
import FlagEvaluation
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("OpenFeature's context as Switchyard's")
struct FlagContextTests {
  static let instant = Date(timeIntervalSince1970: 1_767_225_600.25)

  @Test(
    "each attribute kind: the targeting key, the tool's context fields, custom signals",
    arguments: [
      (FlagContext(targetingKey: "u1"), EvaluationContext(randomizationID: "u1")),
      (
        FlagContext(attributes: [
          "appId": "app", "appVersion": "2.3.0", "appBuild": "45", "platform": "ios",
          "country": "JP", "language": "ja", "installationId": "fid",
        ]),
        EvaluationContext(
          appID: "app", appVersion: "2.3.0", appBuild: "45", platform: "ios", country: "JP",
          language: "ja", installationID: "fid")
      ),
      (
        FlagContext(attributes: ["firstOpen": .date(instant), "now": "2026-12-01T09:00:00+09:00"]),
        EvaluationContext(
          firstOpenTime: instant, now: Date(timeIntervalSince1970: 1_796_083_200))
      ),
      (
        FlagContext(attributes: [
          "userProperties": .structure(["tier": "gold"]), "audiences": .list(["a", "b"]),
        ]),
        EvaluationContext(userProperties: ["tier": "gold"], audiences: ["a", "b"])
      ),
      (
        FlagContext(attributes: [
          "plan": "pro", "age": 30, "ratio": .number(JSONNumber(validatedLiteral: "0.50")),
          "beta": true, "legacy": false, "customSignals": .structure(["year": 2]),
        ]),
        EvaluationContext(customSignals: [
          "plan": "pro", "age": 30, "ratio": .number(JSONNumber(validatedLiteral: "0.50")),
          "beta": "true", "legacy": "false", "year": 2,
        ])
      ),
      (
        FlagContext(targetingKey: "u1", attributes: ["randomizationId": "u1"]),
        EvaluationContext(randomizationID: "u1")
      ),
    ])
  func mapping(context: FlagContext, expected: EvaluationContext) throws {
    #expect(try context.evaluationContext() == expected)
  }

  @Test("a number keeps its spelling for string operators")
  func numberSpelling() throws {
    let context = try FlagContext(
      attributes: ["ratio": .number(JSONNumber(validatedLiteral: "0.50"))]
    ).evaluationContext()
    #expect(context.customSignals["ratio"]?.text == "0.50")
  }

  @Test(
    "what cannot be used is INVALID_CONTEXT naming the attribute",
    arguments: [
      (FlagContext(attributes: ["tags": .list(["a"])]), "tags"),
      (FlagContext(attributes: ["meta": .structure(["a": "b"])]), "meta"),
      (FlagContext(attributes: ["when": .date(instant)]), "when"),
      (FlagContext(attributes: ["nothing": .null]), "nothing"),
      (FlagContext(attributes: ["appVersion": 3]), "appVersion"),
      (FlagContext(attributes: ["userProperties": .structure(["tier": 1])]), "userProperties.tier"),
      (FlagContext(attributes: ["audiences": .list(["a", 1])]), "audiences[1]"),
      (FlagContext(attributes: ["firstOpen": "yesterday"]), "firstOpen"),
      (
        FlagContext(attributes: ["customSignals": .structure(["flag": true])]), "customSignals.flag"
      ),
      (
        FlagContext(attributes: ["plan": "pro", "customSignals": .structure(["plan": "free"])]),
        "plan"
      ),
      (FlagContext(targetingKey: "u1", attributes: ["randomizationId": "u2"]), "randomizationId"),
    ])
  func invalid(context: FlagContext, attribute: String) throws {
    #expect {
      _ = try context.evaluationContext()
    } throws: { error in
      (error as? ContextError)?.field == attribute
        && "\(error)".contains("context field '\(attribute)'")
    }
    let details = try FlagTestSupport.evaluator().stringDetails(
      "welcome", default: "?", context: context)
    #expect(details.value == "?")
    #expect(details.errorCode == .invalidContext)
    #expect(details.errorMessage?.contains("'\(attribute)'") == true)
  }

  @Test("a context from OFREP's JSON: targetingKey a string (null: none), the rest attributes")
  func json() throws {
    let object = try #require(
      try JSONParser().parse(
        #"{"targetingKey": "u1", "plan": "pro", "n": 1.50, "ok": true, "l": [1], "o": {"a": null}}"#
      ).objectValue)
    #expect(
      try FlagContext(json: object)
        == FlagContext(
          targetingKey: "u1",
          attributes: [
            "plan": "pro", "n": .number(JSONNumber(validatedLiteral: "1.50")), "ok": true,
            "l": .list([1]), "o": .structure(["a": .null]),
          ]))
    let none = try #require(try JSONParser().parse(#"{"targetingKey": null}"#).objectValue)
    #expect(try FlagContext(json: none).targetingKey == nil)
    let bad = try #require(try JSONParser().parse(#"{"targetingKey": 7}"#).objectValue)
    #expect(
      throws: ContextError(
        field: "targetingKey", message: "expected a string, found a number")
    ) {
      try FlagContext(json: bad)
    }
  }
}
