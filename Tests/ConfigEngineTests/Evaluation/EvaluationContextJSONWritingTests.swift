import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("EvaluationContext JSON writing")
struct EvaluationContextJSONWritingTests {
  @Test(
    "a context written as JSON reads back as the same context",
    arguments: [
      EvaluationContext(),
      EvaluationContext(
        randomizationID: "u-1", customSignals: ["tier": "paid", "grade": 3, "score": 0.25],
        appID: "app", appVersion: "2.1.0", appBuild: "210", platform: "ios", country: "JP",
        language: "ja", userProperties: ["plan": "pro"], audiences: ["b", "a"],
        installationID: "fid", firstOpenTime: Date(timeIntervalSince1970: 1_700_000_000.5),
        now: TestTime.start),
      EvaluationContext(
        audiences: [], firstOpenTime: Date(timeIntervalSince1970: 1_700_000_000.123456)),
    ])
  func roundTrip(context: EvaluationContext) throws {
    let text = JSONValue.object(context.jsonObject).jsonText
    guard case .object(let object) = try JSONParser().parse(text) else {
      Issue.record("not an object: \(text)")
      return
    }
    let read = try EvaluationContext(json: object)
    #expect(read.randomizationID == context.randomizationID)
    #expect(read.customSignals == context.customSignals)
    #expect(read.audiences == context.audiences)
    let precision = abs(
      (read.firstOpenTime ?? .distantPast).timeIntervalSince(context.firstOpenTime ?? .distantPast))
    #expect(precision < 1e-6)
    #expect(read.now == context.now)
    var withoutTimes = read
    withoutTimes.firstOpenTime = context.firstOpenTime
    #expect(withoutTimes == context)
  }

  @Test("equal contexts write equal text; fractions of a second are kept")
  func stableText() {
    let context = EvaluationContext(
      customSignals: ["b": "2", "a": "1"], audiences: ["z", "y"],
      firstOpenTime: TestTime.start.addingTimeInterval(0.25))
    #expect(
      JSONValue.object(context.jsonObject).jsonText
        == #"{"customSignals":{"a":"1","b":"2"},"audiences":["y","z"],"firstOpen":"2026-01-01T00:00:00.25Z"}"#
    )
  }
}
