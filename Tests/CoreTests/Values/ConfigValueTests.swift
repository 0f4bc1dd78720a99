import Core
import Foundation
import Testing

@Suite("ConfigValue")
struct ConfigValueTests {
  @Test("strings are trimmed; the raw value is kept as stored")
  func strings() {
    let value = ConfigValue(key: "title", rawValue: "  Hello \n", source: .remote)
    #expect(value.stringValue == "Hello")
    #expect(value.rawValue == "  Hello \n")
    #expect(value.dataValue == Data("  Hello \n".utf8))
    #expect(value.source == .remote)
  }

  @Test(
    "lenient accessors fall back to false and 0, strict ones return nil",
    arguments: [
      ("yes", true as Bool?, nil as Double?),
      ("0", false, 0),
      ("12.5", nil, 12.5),
      ("garbage", nil, nil),
      ("", false, nil),
    ])
  func lenientAndStrict(raw: String, bool: Bool?, number: Double?) {
    let value = ConfigValue(rawValue: raw, source: .default)
    #expect(value.bool == bool)
    #expect(value.boolValue == (bool ?? false))
    #expect(value.number == number)
    #expect(value.numberValue == (number ?? 0))
  }

  @Test(
    "JSON accepts any JSON value, fragments included",
    arguments: [
      ("3", JSONValue.number(JSONNumber(3))), (#""a""#, .string("a")), ("true", .bool(true)),
      ("null", .null), ("[1,2]", [1, 2]), (#" {"a": {"b": []}} "#, ["a": ["b": []]]),
    ] as [(String, JSONValue)])
  func json(raw: String, expected: JSONValue) {
    #expect(ConfigValue(rawValue: raw, source: .remote).jsonValue == expected)
  }

  @Test("a value that is not JSON has no JSON value and a thrown error naming key and position")
  func notJSON() {
    let value = ConfigValue(key: "tabs", rawValue: "[1, 2", source: .remote)
    #expect(value.jsonValue == nil)
    #expect(throws: ConfigValueError.self) { try value.json() }
    do {
      _ = try value.json()
    } catch {
      #expect(
        error.description
          == #"key 'tabs': "[1, 2" is not JSON (line 1, column 6: expected ',' or ']' in array, found end of input)"#
      )
    }
  }

  struct Campaign: Decodable, Equatable {
    let title: String
    let startAt: Date
    let count: Int
  }

  @Test("decodes Decodable types with ISO-8601 dates, offsets and fractions included")
  func decodesWithDates() throws {
    let raw = #"{"title": "Spring", "startAt": "2025-04-01T09:00:00.500+09:00", "count": 3}"#
    let campaign = try ConfigValue(key: "campaign", rawValue: raw, source: .remote)
      .decoded(as: Campaign.self)
    #expect(campaign.title == "Spring")
    #expect(campaign.startAt == Date(timeIntervalSince1970: 1_743_465_600.5))
    #expect(campaign.count == 3)
  }

  @Test(
    "a decoding error names the key and the field",
    arguments: [
      (#"{"title": "x", "startAt": "2025-04-01T09:00:00", "count": 1}"#, "at 'startAt'"),
      (#"{"title": "x", "startAt": "2025-04-01T09:00:00Z", "count": "1"}"#, "at 'count'"),
      (#"{"title": "x", "count": 1}"#, "missing key 'startAt'"),
      ("not json", "JSON for Campaign"),
    ])
  func decodingErrors(raw: String, fragment: String) {
    #expect {
      try ConfigValue(key: "campaign", rawValue: raw, source: .remote).decoded(as: Campaign.self)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("key 'campaign': ") && text.contains(fragment)
    }
  }

  @Test("a missing value is empty and static")
  func missing() {
    let value = ConfigValue.missing(key: "nothing")
    #expect(value.rawValue == "" && value.source == .static && value.key == "nothing")
    #expect(value.boolValue == false)
  }
}
