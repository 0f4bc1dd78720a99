import ConfigEngine
import Core
import Testing

@Suite("EvaluationContext from JSON")
struct EvaluationContextJSONTests {
  @Test("reads every field of the tool's context line")
  func readsEveryField() throws {
    let line = """
      {"randomizationId": "u1", "customSignals": {"grade": 3, "tier": "paid"},
       "appVersion": "2.3.0", "appBuild": "120", "appId": "com.example", "platform": "ios",
       "country": "JP", "language": "ja", "userProperties": {"plan": "pro"},
       "audiences": ["a", "b"], "installationId": "fid", "firstOpen": "2025-01-01T09:00:00+09:00",
       "now": "2025-04-01T00:00:00Z"}
      """
    guard case .object(let object) = try JSONParser().parse(line) else {
      Issue.record("not an object")
      return
    }
    let context = try EvaluationContext(json: object)
    #expect(context.randomizationID == "u1")
    #expect(context.customSignals == ["grade": 3, "tier": "paid"])
    #expect(
      context.appVersion == "2.3.0" && context.appBuild == "120" && context.appID == "com.example")
    #expect(context.platform == "ios" && context.country == "JP" && context.language == "ja")
    #expect(context.userProperties == ["plan": "pro"])
    #expect(context.audiences == ["a", "b"])
    #expect(context.installationID == "fid")
    #expect(context.firstOpenTime == (try Timestamp.parse("2025-01-01T00:00:00Z")))
    #expect(context.now == (try Timestamp.parse("2025-04-01T00:00:00Z")))
  }

  @Test(
    "bad fields are errors naming the field",
    arguments: [
      (
        #"{"randomizationId": 3}"#,
        "context field 'randomizationId': expected a string, found a number"
      ),
      (
        #"{"customSignals": {"g": true}}"#,
        "context field 'customSignals.g': expected a string or a number, found a boolean"
      ),
      (#"{"audiences": "a"}"#, "context field 'audiences': expected an array, found a string"),
      (
        #"{"now": "2025-04-01T00:00:00"}"#,
        #"context field 'now': invalid timestamp "2025-04-01T00:00:00" at column 20: missing UTC offset (add Z or +HH:MM)"#
      ),
      (#"{"randomizationID": "typo"}"#, "context field 'randomizationID': unknown field"),
    ])
  func badFields(line: String, message: String) throws {
    guard case .object(let object) = try JSONParser().parse(line) else { return }
    #expect(throws: ContextError.self) { try EvaluationContext(json: object) }
    do {
      _ = try EvaluationContext(json: object)
    } catch {
      #expect(error.description == message)
    }
  }
}
