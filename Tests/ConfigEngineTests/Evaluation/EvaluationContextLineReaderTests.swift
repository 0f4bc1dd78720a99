import ConfigEngine
import Core
import Testing

@Suite("EvaluationContextLineReader")
struct EvaluationContextLineReaderTests {
  /// What the general path makes of `line`: `JSONParser`, then `EvaluationContext(json:)`;
  /// nil when either refuses it.
  static func general(_ line: String) -> EvaluationContext? {
    guard case .object(let object) = try? JSONParser().parse(line) else { return nil }
    return try? EvaluationContext(json: object)
  }

  static func read(_ line: String) -> EvaluationContext? {
    Array(line.utf8).withUnsafeBufferPointer { EvaluationContextLineReader.read($0) }
  }

  /// The context as text, number literals and exact times included: `==` compares numbers
  /// by value, so `1.0` and `1` would pass it.
  static func spelled(_ context: EvaluationContext) -> String {
    JSONValue.object(context.jsonObject).jsonText
  }

  @Test(
    "a line of the common shape reads as the general path reads it, spellings included",
    arguments: [
      "{}",
      #"  { }  "#,
      #"{"randomizationId":"user-1-2","customSignals":{"grade":3,"tier":"paid"}}"#,
      """
      {"randomizationId": "u1", "customSignals": {"grade": -0.50e+2, "n": 0, "big": 1E400,
       "tier": " paid ", "t": "日本"}, "appVersion": "2.3.0", "appBuild": "120",
       "appId": "com.example", "platform": "ios", "country": "JP", "language": "ja",
       "userProperties": {"plan": "pro", "x": ""}, "audiences": ["a", "b", "a"],
       "installationId": "fid", "firstOpen": "2025-01-01T09:00:00.123456789+09:00",
       "now": "2025-04-01T00:00:00Z"}
      """,
      "{\t\"audiences\": [ ],\r\n\"userProperties\": {}, \"customSignals\": {}}",
      #"{"customSignals": {"é": "precomposed", "e\#u{301}x": "decomposed"}}"#,
    ])
  func readsTheCommonShape(line: String) throws {
    let read = try #require(Self.read(line))
    let general = try #require(Self.general(line))
    #expect(read == general)
    #expect(Self.spelled(read) == Self.spelled(general))
  }

  @Test(
    "a line the general path refuses is left to it, so its error is the one printed",
    arguments: [
      "", "[]", "{", #"{"a": 1}"#, #"{"now": "2025-04-01T00:00:00"}"#,
      #"{"randomizationId": 3}"#, #"{"randomizationId": null}"#, #"{"customSignals": []}"#,
      #"{"customSignals": {"g": true}}"#, #"{"customSignals": {"g": 01}}"#,
      #"{"customSignals": {"g": 1.}}"#, #"{"customSignals": {"g": -}}"#,
      #"{"customSignals": {"g": 1e}}"#, #"{"country": "JP", "country": "US"}"#,
      #"{"customSignals": {"g": 1, "g": 2}}"#,
      #"{"customSignals": {"é": 1, "e\#u{301}": 2}}"#, #"{"audiences": ["a", 1]}"#,
      #"{"country": "JP"} x"#, #"{"country": "JP",}"#, #"{"country" "JP"}"#,
      "{\"country\": \"J\u{1}P\"}", #"{"audiences": ["a",]}"#,
    ])
  func declinesRefusedLines(line: String) {
    #expect(Self.general(line) == nil)
    #expect(Self.read(line) == nil)
  }

  @Test(
    "a line the general path reads but not of the common shape is left to it too",
    arguments: [
      "\u{FEFF}{}", #"{"country": "J\"P"}"#, #"{"country": "\u004AP"}"#,
      #"{"customSignals": {"t\\ab": "x"}}"#,
    ])
  func declinesUncommonShapes(line: String) {
    #expect(Self.general(line) != nil)
    #expect(Self.read(line) == nil)
  }

  @Test("bytes that are not UTF-8 are left to the general path")
  func notUTF8() {
    let bytes: [UInt8] = Array(#"{"country": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    #expect(bytes.withUnsafeBufferPointer { EvaluationContextLineReader.read($0) } == nil)
  }
}
