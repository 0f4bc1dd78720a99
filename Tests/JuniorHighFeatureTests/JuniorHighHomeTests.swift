import Core
import Foundation
import JuniorHighFeature
import Testing

@Suite("JuniorHighHome tabs")
struct JuniorHighHomeTests {
  static let noon = Date(timeIntervalSince1970: 1_767_268_800)

  static func home(_ values: [String: String], year: Int = 2) throws -> JuniorHighHome {
    JuniorHighFeature.home(
      for: try .juniorHigh(year), values: InMemoryConfigValues(values), at: noon)
  }

  @Test("with no remote values the home shows every tab but the ranking and the built-in card")
  func defaults() throws {
    let home = try Self.home([:], year: 3)
    #expect(home.grade == (try .juniorHigh(3)))
    #expect(home.tabs == [.today, .lessons, .practice, .profile])
    #expect(home.shareCard == .builtIn)
    #expect(home.diagnostics == [])
  }

  @Test(
    "the tabs show in the order the key lists them",
    arguments: [
      (#"["practice", "today"]"#, [JuniorHighTab.practice, .today]),
      (
        #"["today", "lessons", "practice", "ranking", "profile"]"#,
        [.today, .lessons, .practice, .ranking, .profile]
      ),
    ])
  func tabOrder(raw: String, tabs: [JuniorHighTab]) throws {
    let home = try Self.home(["junior_high_home_tabs": raw])
    #expect(home.tabs == tabs)
    #expect(home.diagnostics == [])
  }

  @Test(
    "unknown and repeated tab names are dropped, each with a diagnostic",
    arguments: [
      (
        #"["today", "chat", "profile"]"#, [JuniorHighTab.today, .profile],
        [
          #"key 'junior_high_home_tabs': unknown tab "chat" dropped (known: today, lessons, "#
            + "practice, ranking, profile)"
        ]
      ),
      (
        #"["today", "today", "Profile"]"#, [.today],
        [
          #"key 'junior_high_home_tabs': tab "today" is listed twice; keeping the first"#,
          #"key 'junior_high_home_tabs': unknown tab "Profile" dropped (known: today, "#
            + "lessons, practice, ranking, profile)",
        ]
      ),
    ])
  func droppedTabs(raw: String, tabs: [JuniorHighTab], messages: [String]) throws {
    let home = try Self.home(["junior_high_home_tabs": raw])
    #expect(home.tabs == tabs)
    #expect(home.diagnostics == messages.map(Reason.diagnostic))
  }

  @Test(
    "a list with no known tab falls back to the default tabs, with a diagnostic",
    arguments: [("[]", 0), (#"["chat"]"#, 1)])
  func emptyTabs(raw: String, unknownCount: Int) throws {
    let home = try Self.home(["junior_high_home_tabs": raw])
    #expect(home.tabs == JuniorHighFeatureKeys.defaultHomeTabs)
    #expect(home.diagnostics.count == unknownCount + 1)
    #expect(
      home.diagnostics.last
        == .diagnostic(
          "key 'junior_high_home_tabs': no known tab to show; using the default "
            + #"["today","lessons","practice","profile"]"#))
  }

  @Test(
    "tabs that are not a list of names fall back to the default with the key's diagnostic",
    arguments: [
      (#""today""#, "found a string"),
      (#"[["today"]]"#, "element [0] must be a string, found an array"),
      ("[chat]", "invalid JSON: line 1, column 2: expected a JSON value, found 'c'"),
    ])
  func malformedTabs(raw: String, detail: String) throws {
    let home = try Self.home(["junior_high_home_tabs": raw])
    #expect(home.tabs == JuniorHighFeatureKeys.defaultHomeTabs)
    #expect(
      home.diagnostics == [
        .diagnostic(
          "key 'junior_high_home_tabs': \"\(raw)\" is not a JSON array of names (\(detail)); "
            + #"using the default ["today","lessons","practice","profile"]"#)
      ])
  }

  @Test("the home encodes as JSON that names the feature, with the share card's text as null")
  func encodes() throws {
    let home = try Self.home(["junior_high_home_tabs": #"["practice", "chat"]"#], year: 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = try JSONParser().parse(String(decoding: try encoder.encode(home), as: UTF8.self))
    let expected: JSONValue = [
      "feature": "juniorHigh",
      "grade": ["stage": "juniorHigh", "year": 1],
      "tabs": ["practice"],
      "shareCard": ["background": "ShareCardBackground", "front": "ShareCardFront", "text": nil],
      "diagnostics": [
        .string(
          #"key 'junior_high_home_tabs': unknown tab "chat" dropped (known: today, lessons, "#
            + "practice, ranking, profile)")
      ],
    ]
    #expect(json == expected)
  }
}
