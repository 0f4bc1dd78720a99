import Core
import ElementaryFeature
import Foundation
import Testing

@Suite("ElementaryHome")
struct ElementaryHomeTests {
  static func home(_ values: [String: String], year: Int = 2) throws -> ElementaryHome {
    ElementaryFeature.home(for: try .elementary(year), values: InMemoryConfigValues(values))
  }

  @Test("with no remote values the home shows every section, lesson first, and a 15-minute goal")
  func defaults() throws {
    let home = try Self.home([:], year: 3)
    #expect(home.grade == (try .elementary(3)))
    #expect(home.sections == [.todaysLesson, .dailyGoal, .review, .stickerBook, .library])
    #expect(home.dailyGoalMinutes == 15)
    #expect(home.diagnostics == [])
  }

  @Test(
    "the sections show in the order the key lists them",
    arguments: [
      (#"["review", "todaysLesson"]"#, [ElementarySection.review, .todaysLesson]),
      (#"["library"]"#, [.library]),
      (
        #"["stickerBook", "library", "dailyGoal", "review", "todaysLesson"]"#,
        [.stickerBook, .library, .dailyGoal, .review, .todaysLesson]
      ),
    ])
  func sectionOrder(raw: String, sections: [ElementarySection]) throws {
    let home = try Self.home(["elementary_home_sections": raw])
    #expect(home.sections == sections)
    #expect(home.diagnostics == [])
  }

  @Test(
    "unknown and repeated section names are dropped, each with a diagnostic",
    arguments: [
      (
        #"["review", "quiz", "library"]"#, [ElementarySection.review, .library],
        [
          #"key 'elementary_home_sections': unknown section "quiz" dropped (known: "#
            + "todaysLesson, dailyGoal, review, stickerBook, library)"
        ]
      ),
      (
        #"["Review", "library"]"#, [.library],
        [
          #"key 'elementary_home_sections': unknown section "Review" dropped (known: "#
            + "todaysLesson, dailyGoal, review, stickerBook, library)"
        ]
      ),
      (
        #"["review", "library", "review"]"#, [.review, .library],
        [
          #"key 'elementary_home_sections': section "review" is listed twice; keeping the "#
            + "first"
        ]
      ),
    ])
  func droppedSections(raw: String, sections: [ElementarySection], messages: [String]) throws {
    let home = try Self.home(["elementary_home_sections": raw])
    #expect(home.sections == sections)
    #expect(home.diagnostics == messages.map(Reason.diagnostic))
  }

  @Test(
    "a list with no known section falls back to the default order, with a diagnostic",
    arguments: [("[]", 0), (#"["quiz", "games"]"#, 2)])
  func emptySections(raw: String, unknownCount: Int) throws {
    let home = try Self.home(["elementary_home_sections": raw])
    #expect(home.sections == ElementaryFeatureKeys.defaultHomeSections)
    #expect(home.diagnostics.count == unknownCount + 1)
    #expect(
      home.diagnostics.last
        == .diagnostic(
          "key 'elementary_home_sections': no known section to show; using the default "
            + #"["todaysLesson","dailyGoal","review","stickerBook","library"]"#))
  }

  @Test(
    "sections that are not a list of names fall back to the default with the key's diagnostic",
    arguments: [
      (
        #"{"first": "review"}"#,
        #"key 'elementary_home_sections': "{"first": "review"}" is not a JSON array of names "#
          + "(found an object)"
      ),
      (
        #"["review", 3]"#,
        #"key 'elementary_home_sections': "["review", 3]" is not a JSON array of names "#
          + "(element [1] must be a string, found a number)"
      ),
      (
        "review, library",
        #"key 'elementary_home_sections': "review, library" is not a JSON array of names "#
          + "(invalid JSON: line 1, column 1: expected a JSON value, found 'r')"
      ),
    ])
  func malformedSections(raw: String, message: String) throws {
    let home = try Self.home(["elementary_home_sections": raw])
    #expect(home.sections == ElementaryFeatureKeys.defaultHomeSections)
    #expect(
      home.diagnostics == [
        .diagnostic(
          message + #"; using the default ["todaysLesson","dailyGoal","review","stickerBook","#
            + #""library"]"#)
      ])
  }

  @Test(
    "the daily goal is kept inside 5...60 minutes, with a diagnostic when clamped",
    arguments: [
      ("30", 30, nil), ("5", 5, nil), ("60", 60, nil), ("20.0", 20, nil),
      (
        "4", 5,
        "key 'elementary_daily_goal_minutes': 4 is below the minimum 5; using 5"
      ),
      (
        "0", 5,
        "key 'elementary_daily_goal_minutes': 0 is below the minimum 5; using 5"
      ),
      (
        "-10", 5,
        "key 'elementary_daily_goal_minutes': -10 is below the minimum 5; using 5"
      ),
      (
        "61", 60,
        "key 'elementary_daily_goal_minutes': 61 is above the maximum 60; using 60"
      ),
      (
        "1e6", 60,
        "key 'elementary_daily_goal_minutes': 1000000 is above the maximum 60; using 60"
      ),
      (
        "12.5", 15,
        #"key 'elementary_daily_goal_minutes': "12.5" is not an integer; using the default 15"#
      ),
      (
        "ten", 15,
        #"key 'elementary_daily_goal_minutes': "ten" is not an integer; using the default 15"#
      ),
    ] as [(String, Int, String?)])
  func dailyGoal(raw: String, minutes: Int, message: String?) throws {
    let home = try Self.home(["elementary_daily_goal_minutes": raw])
    #expect(home.dailyGoalMinutes == minutes)
    #expect(home.diagnostics == (message.map { [.diagnostic($0)] } ?? []))
  }

  @Test("diagnostics from every key are kept, sections first")
  func diagnosticsFromEveryKey() throws {
    let home = try Self.home([
      "elementary_home_sections": #"["quiz", "review"]"#, "elementary_daily_goal_minutes": "99",
    ])
    #expect(home.sections == [.review])
    #expect(home.dailyGoalMinutes == 60)
    #expect(home.diagnostics.map(\.kind) == [.diagnostic, .diagnostic])
    #expect(home.diagnostics.first?.message.contains("\"quiz\"") == true)
    #expect(home.diagnostics.last?.message.contains("99 is above") == true)
  }

  @Test("the home encodes as JSON that names the feature, with diagnostics as sentences")
  func encodes() throws {
    let home = try Self.home(["elementary_daily_goal_minutes": "90"], year: 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let text = String(decoding: try encoder.encode(home), as: UTF8.self)
    let json = try JSONParser().parse(text)
    let expected: JSONValue = [
      "feature": "elementary",
      "grade": ["stage": "elementary", "year": 1],
      "sections": ["todaysLesson", "dailyGoal", "review", "stickerBook", "library"],
      "dailyGoalMinutes": 60,
      "diagnostics": ["key 'elementary_daily_goal_minutes': 90 is above the maximum 60; using 60"],
    ]
    #expect(json == expected)
  }
}
