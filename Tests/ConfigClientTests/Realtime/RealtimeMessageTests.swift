import Testing

@testable import ConfigClient

/// Real-time messages in Firebase's shape, and the broken ones a server might send.
@Suite("RealtimeMessage")
struct RealtimeMessageTests {
  @Test(
    "each known field is read, numbers also as decimal strings; unknown fields are ignored",
    arguments: [
      (#"{"latestTemplateVersionNumber": 42}"#, RealtimeMessage(latestTemplateVersionNumber: 42)),
      (#"{"latestTemplateVersionNumber": "42"}"#, RealtimeMessage(latestTemplateVersionNumber: 42)),
      (#"{"featureDisabled": true}"#, RealtimeMessage(featureDisabled: true)),
      (#"{"featureDisabled": "false"}"#, RealtimeMessage()),
      (#"{"retryIntervalSeconds": 30}"#, RealtimeMessage(retryInterval: .seconds(30))),
      (#"{"retryIntervalSeconds": "0"}"#, RealtimeMessage(retryInterval: .seconds(0))),
      (
        #"{"featureDisabled": false, "latestTemplateVersionNumber": 7, "retryIntervalSeconds": 5}"#,
        RealtimeMessage(latestTemplateVersionNumber: 7, retryInterval: .seconds(5))
      ),
      (
        #"{"somethingNew": [1, 2], "latestTemplateVersionNumber": 1.0}"#,
        RealtimeMessage(latestTemplateVersionNumber: 1)
      ),
      ("{}", RealtimeMessage()),
    ])
  func reads(json: String, expected: RealtimeMessage) throws {
    #expect(try RealtimeMessage(jsonBytes: Array(json.utf8)) == expected)
  }

  @Test(
    "a broken message is an error naming the field at fault",
    arguments: [
      ("{\"latestTemplateVersionNumber\": ", nil as String?),
      ("[1]", nil),
      ("\"text\"", nil),
      (#"{"latestTemplateVersionNumber": -1}"#, "latestTemplateVersionNumber"),
      (#"{"latestTemplateVersionNumber": 1.5}"#, "latestTemplateVersionNumber"),
      (#"{"latestTemplateVersionNumber": "12a"}"#, "latestTemplateVersionNumber"),
      (
        #"{"latestTemplateVersionNumber": "99999999999999999999999"}"#,
        "latestTemplateVersionNumber"
      ),
      (#"{"latestTemplateVersionNumber": null}"#, "latestTemplateVersionNumber"),
      (#"{"featureDisabled": 1}"#, "featureDisabled"),
      (#"{"retryIntervalSeconds": -5}"#, "retryIntervalSeconds"),
      (#"{"retryIntervalSeconds": 604801}"#, "retryIntervalSeconds"),
    ])
  func rejects(json: String, field: String?) {
    let error = #expect(throws: RealtimeMessageError.self) {
      try RealtimeMessage(jsonBytes: Array(json.utf8))
    }
    #expect(error?.field == field)
    if let field { #expect(error?.description.contains("'\(field)'") == true) }
  }

  @Test("deep nesting is refused without trapping")
  func deepNesting() {
    let json =
      "{\"x\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
      + "}"
    #expect(throws: RealtimeMessageError.self) { try RealtimeMessage(jsonBytes: Array(json.utf8)) }
  }
}
