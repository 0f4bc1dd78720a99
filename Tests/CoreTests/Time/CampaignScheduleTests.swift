import Core
import Foundation
import Testing

@Suite("CampaignSchedule")
struct CampaignScheduleTests {
  /// A week-long campaign whose days turn at 09:30 Tokyo time, with three pictures.
  static let members: [(String, JSONValue)] = [
    ("front_image_url", "https://cdn.example.com/spring/front.png"),
    ("back_image_url", "https://cdn.example.com/spring/back_%02d.png"),
    ("back_image_count", 3),
    ("start_at", "2025-04-01T09:30:00+09:00"),
    ("end_at", "2025-04-07T23:59:59+09:00"),
  ]

  /// The campaign's JSON with `field` removed and the `setting` members replaced.
  static func campaignJSON(
    removing field: String? = nil, setting changes: [String: JSONValue] = [:]
  ) -> String {
    var object = JSONObject(members)
    if let field { object[field] = nil }
    for (name, value) in changes { object[name] = value }
    return JSONValue.object(object).jsonText
  }

  static func date(_ text: String) throws -> Date {
    try Timestamp.parse(text)
  }

  static func spring() throws -> CampaignSchedule {
    try CampaignSchedule(parsing: campaignJSON())
  }

  @Test("a campaign object decodes into its fields")
  func decodes() throws {
    let schedule = try Self.spring()
    #expect(schedule.frontImageURL == "https://cdn.example.com/spring/front.png")
    #expect(schedule.backImageURLTemplate == "https://cdn.example.com/spring/back_%02d.png")
    #expect(schedule.backImageCount == 3)
    #expect(schedule.startAt == (try Self.date("2025-04-01T00:30:00Z")))
    #expect(schedule.endAt == (try Self.date("2025-04-07T14:59:59Z")))
  }

  @Test(
    "a day turns at start_at's local time of day, and the pictures cycle through the count",
    arguments: [
      ("2025-04-01T09:30:00+09:00", 0, "01"),
      ("2025-04-02T09:29:59+09:00", 0, "01"),
      ("2025-04-02T09:30:00+09:00", 1, "02"),
      ("2025-04-02T00:30:00Z", 1, "02"),
      ("2025-04-03T09:29:59+09:00", 1, "02"),
      ("2025-04-03T09:30:00+09:00", 2, "03"),
      ("2025-04-04T09:29:59+09:00", 2, "03"),
      ("2025-04-04T09:30:00+09:00", 3, "01"),
      ("2025-04-06T09:30:00+09:00", 5, "03"),
      ("2025-04-07T09:30:00+09:00", 6, "01"),
    ])
  func dailyTurn(instant: String, index: Int, picture: String) throws {
    let day = try #require(try Self.spring().day(at: Self.date(instant)))
    #expect(day.index == index)
    #expect(day.number == index + 1)
    #expect(day.backImageURL == "https://cdn.example.com/spring/back_\(picture).png")
    #expect(day.frontImageURL == "https://cdn.example.com/spring/front.png")
  }

  @Test(
    "the window includes its first and last second and nothing outside them",
    arguments: [
      ("2025-04-01T09:29:59+09:00", nil),
      ("2025-04-01T09:30:00+09:00", 0),
      ("2025-04-07T23:59:59+09:00", 6),
      ("2025-04-08T00:00:00+09:00", nil),
    ] as [(String, Int?)])
  func windowEdges(instant: String, index: Int?) throws {
    #expect(try Self.spring().day(at: Self.date(instant))?.index == index)
  }

  @Test("a window whose start and end are the same instant lasts exactly that instant")
  func instantWindow() throws {
    let json = Self.campaignJSON(setting: ["end_at": "2025-04-01T00:30:00Z"])
    let schedule = try CampaignSchedule(parsing: json)
    let start = try Self.date("2025-04-01T09:30:00+09:00")
    #expect(schedule.day(at: start)?.index == 0)
    #expect(schedule.day(at: start.addingTimeInterval(1)) == nil)
    #expect(schedule.day(at: start.addingTimeInterval(-1)) == nil)
  }

  @Test(
    "the picture number is zero-padded to at least two digits, past 9 and past 99",
    arguments: [
      (1, "01"), (9, "09"), (10, "10"), (42, "42"), (99, "99"), (100, "100"), (123, "123"),
    ])
  func padding(number: Int, padded: String) throws {
    #expect(
      try Self.spring().backImageURL(picture: number)
        == "https://cdn.example.com/spring/back_\(padded).png")
  }

  @Test(
    "a long campaign with many pictures formats day numbers past 9 and 99 and wraps after the last",
    arguments: [
      ("2025-01-09T23:59:59Z", "09"), ("2025-01-10T00:00:00Z", "10"),
      ("2025-04-09T23:59:59Z", "99"), ("2025-04-10T00:00:00Z", "100"),
      ("2025-05-03T00:00:00Z", "123"), ("2025-05-30T00:00:00Z", "150"),
      ("2025-05-31T00:00:00Z", "01"),
    ])
  func longCampaign(instant: String, padded: String) throws {
    let json = Self.campaignJSON(setting: [
      "back_image_count": 150, "start_at": "2025-01-01T00:00:00Z",
      "end_at": "2025-12-31T23:59:59Z",
    ])
    let day = try #require(try CampaignSchedule(parsing: json).day(at: Self.date(instant)))
    #expect(day.backImageURL == "https://cdn.example.com/spring/back_\(padded).png")
  }

  @Test("every %02d in the background address is replaced; other percent signs stay")
  func everyPlaceholder() throws {
    let json = Self.campaignJSON(setting: ["back_image_url": "https://cdn/%02d/a%20b_%02d.png"])
    let day = try #require(
      try CampaignSchedule(parsing: json).day(at: Self.date("2025-04-02T09:30:00+09:00")))
    #expect(day.backImageURL == "https://cdn/02/a%20b_02.png")
  }

  @Test(
    "back_image_count may be a number or a numeric string",
    arguments: [JSONValue(integerLiteral: 3), "3", 3.0, "3.0", " 3 ", "3e0"])
  func countSpellings(count: JSONValue) throws {
    let json = Self.campaignJSON(setting: ["back_image_count": count])
    #expect(try CampaignSchedule(parsing: json).backImageCount == 3)
  }

  @Test("members the app does not know are ignored, so the backend may add fields")
  func extraMembers() throws {
    let json = Self.campaignJSON(setting: ["theme": "spring", "priority": 2])
    #expect(try CampaignSchedule(parsing: json) == Self.spring())
  }

  @Test(
    "a missing field is an error naming it",
    arguments: ["front_image_url", "back_image_url", "back_image_count", "start_at", "end_at"])
  func missingField(field: String) {
    #expect(throws: CampaignScheduleError.missingField(field)) {
      try CampaignSchedule(parsing: Self.campaignJSON(removing: field))
    }
  }

  @Test(
    "a malformed field is an error naming the field and what it must be",
    arguments: [
      (
        "front_image_url", JSONValue(integerLiteral: 1),
        CampaignScheduleError.wrongType(
          field: "front_image_url", expected: "a string", found: "a number")
      ),
      (
        "front_image_url", "",
        .invalidValue(field: "front_image_url", value: #""""#, expected: "a non-empty address")
      ),
      (
        "front_image_url", "  ",
        .invalidValue(field: "front_image_url", value: #""  ""#, expected: "a non-empty address")
      ),
      (
        "back_image_url", nil,
        .wrongType(field: "back_image_url", expected: "a string", found: "null")
      ),
      (
        "back_image_url", "https://cdn/back_1.png",
        .invalidValue(
          field: "back_image_url", value: #""https://cdn/back_1.png""#,
          expected: "an address containing %02d")
      ),
      (
        "back_image_url", "https://cdn/back_%d.png",
        .invalidValue(
          field: "back_image_url", value: #""https://cdn/back_%d.png""#,
          expected: "an address containing %02d")
      ),
      (
        "back_image_count", 0,
        .invalidValue(
          field: "back_image_count", value: "0", expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", -2,
        .invalidValue(
          field: "back_image_count", value: "-2", expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", 2.5,
        .invalidValue(
          field: "back_image_count", value: "2.5", expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", "2.5",
        .invalidValue(
          field: "back_image_count", value: #""2.5""#, expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", "three",
        .invalidValue(
          field: "back_image_count", value: #""three""#, expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", "",
        .invalidValue(
          field: "back_image_count", value: #""""#, expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", "0",
        .invalidValue(
          field: "back_image_count", value: "0", expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", 1e20,
        .invalidValue(
          field: "back_image_count", value: "1e+20", expected: "a whole number of at least 1")
      ),
      (
        "back_image_count", true,
        .wrongType(
          field: "back_image_count", expected: "a number or a numeric string", found: "a boolean")
      ),
      (
        "back_image_count", [3],
        .wrongType(
          field: "back_image_count", expected: "a number or a numeric string", found: "an array")
      ),
      (
        "start_at", 1_743_467_400,
        .wrongType(field: "start_at", expected: "a string", found: "a number")
      ),
      (
        "start_at", "2025-04-01T09:30:00",
        .invalidTimestamp(
          field: "start_at",
          TimestampParseError(
            input: "2025-04-01T09:30:00", column: 20,
            message: "missing UTC offset (add Z or +HH:MM)"))
      ),
      (
        "end_at", "next week",
        .invalidTimestamp(
          field: "end_at",
          TimestampParseError(
            input: "next week", column: 1, message: "expected 4 digits for the year"))
      ),
      (
        "end_at", "2025-04-01T09:29:59+09:00",
        .endBeforeStart(startAt: "2025-04-01T09:30:00+09:00", endAt: "2025-04-01T09:29:59+09:00")
      ),
    ] as [(String, JSONValue, CampaignScheduleError)])
  func malformedField(field: String, value: JSONValue, expected: CampaignScheduleError) {
    #expect(expected.field == field)
    #expect(throws: expected) {
      try CampaignSchedule(parsing: Self.campaignJSON(setting: [field: value]))
    }
  }

  @Test(
    "a value that is not a JSON object is an error saying what it is",
    arguments: [
      ("[]", CampaignScheduleError.notAnObject(found: "an array")),
      (#""campaign""#, .notAnObject(found: "a string")),
      ("null", .notAnObject(found: "null")),
    ])
  func notAnObject(text: String, expected: CampaignScheduleError) {
    #expect(expected.field == nil)
    #expect(throws: expected) { try CampaignSchedule(parsing: text) }
  }

  @Test("text that is not JSON is an error with the position")
  func notJSON() {
    let text = #"{"front_image_url": }"#
    #expect(
      throws: CampaignScheduleError.invalidJSON(
        JSONParseError(line: 1, column: 21, message: "expected a JSON value, found '}'"))
    ) { try CampaignSchedule(parsing: text) }
  }

  @Test(
    "error messages name the field for a person fixing the template",
    arguments: [
      (CampaignScheduleError.missingField("end_at"), "missing field 'end_at'"),
      (
        .wrongType(field: "start_at", expected: "a string", found: "a number"),
        "field 'start_at' must be a string, found a number"
      ),
      (
        .invalidValue(
          field: "back_image_url", value: #""https://cdn/b.png""#,
          expected: "an address containing %02d"),
        #"field 'back_image_url' ("https://cdn/b.png") must be an address containing %02d"#
      ),
      (
        .invalidTimestamp(
          field: "end_at",
          TimestampParseError(input: "x", column: 1, message: "expected 4 digits for the year")),
        #"field 'end_at': invalid timestamp "x" at column 1: expected 4 digits for the year"#
      ),
      (
        .endBeforeStart(startAt: "2025-04-02T00:00:00Z", endAt: "2025-04-01T00:00:00Z"),
        "field 'end_at' (2025-04-01T00:00:00Z) is before 'start_at' (2025-04-02T00:00:00Z)"
      ),
      (.notAnObject(found: "an array"), "expected a JSON object, found an array"),
      (
        .invalidJSON(JSONParseError(line: 1, column: 2, message: "expected a string key")),
        "invalid JSON: line 1, column 2: expected a string key"
      ),
    ])
  func messages(error: CampaignScheduleError, message: String) {
    #expect(error.description == message)
  }

  @Test("the typed initialiser checks the same rules and formats timestamps in UTC")
  func typedInitialiser() throws {
    let start = try Self.date("2025-04-02T00:00:00Z")
    let end = try Self.date("2025-04-01T00:00:00Z")
    #expect(
      throws: CampaignScheduleError.endBeforeStart(
        startAt: "2025-04-02T00:00:00Z", endAt: "2025-04-01T00:00:00Z")
    ) {
      try CampaignSchedule(
        frontImageURL: "f.png", backImageURLTemplate: "b_%02d.png", backImageCount: 1,
        startAt: start, endAt: end)
    }
    #expect(
      throws: CampaignScheduleError.invalidValue(
        field: "back_image_count", value: "0", expected: "a whole number of at least 1")
    ) {
      try CampaignSchedule(
        frontImageURL: "f.png", backImageURLTemplate: "b_%02d.png", backImageCount: 0,
        startAt: end, endAt: start)
    }
    let schedule = try CampaignSchedule(
      frontImageURL: " f.png ", backImageURLTemplate: "b_%02d.png", backImageCount: 1,
      startAt: end, endAt: start)
    #expect(schedule.frontImageURL == "f.png")
    #expect(schedule.day(at: start)?.backImageURL == "b_01.png")
    #expect(
      schedule.description == "campaign 2025-04-01T00:00:00Z...2025-04-02T00:00:00Z, 1 picture")
  }

  @Test(
    "the typed initialiser rejects instants no template can spell instead of trapping later",
    arguments: [
      (-1e300, 0.0, "start_at", "-1e+300 seconds since 1970"),
      (0, 1.5e12, "end_at", "1500000000000.0 seconds since 1970"),
      (.nan, 0, "start_at", "nan seconds since 1970"),
    ])
  func unsupportedInstants(start: Double, end: Double, field: String, value: String) {
    #expect(
      throws: CampaignScheduleError.invalidValue(
        field: field, value: value, expected: "an instant within 10^12 seconds of 1970")
    ) {
      try CampaignSchedule(
        frontImageURL: "f.png", backImageURLTemplate: "b_%02d.png", backImageCount: 2,
        startAt: Date(timeIntervalSince1970: start), endAt: Date(timeIntervalSince1970: end))
    }
  }

  @Test("the widest timestamps a template can spell make a working window")
  func widestWindow() throws {
    let json = Self.campaignJSON(setting: [
      "start_at": "0000-01-01T00:00:00+23:59", "end_at": "9999-12-31T23:59:59-23:59",
      "back_image_count": 7,
    ])
    let schedule = try CampaignSchedule(parsing: json)
    let day = try #require(schedule.day(at: Self.date("9999-12-31T23:59:59Z")))
    // 3 652 425 days and 23:58:59 after 0000-01-01T00:00 at +23:59 (year 0 is a leap year).
    #expect(day.index == 3_652_425)
    #expect(day.backImageURL == "https://cdn.example.com/spring/back_01.png")
  }

  @Test(
    "as a config value, {} and a blank value mean no campaign",
    arguments: ["{}", " { } ", "", "  "])
  func configValueNone(raw: String) throws {
    let value = ConfigValue(key: "x_campaign_params_for_ios", rawValue: raw, source: .remote)
    #expect(try CampaignSchedule.decode(value) == nil)
  }

  @Test("as a config value, a campaign object decodes")
  func configValueDecodes() throws {
    let value = ConfigValue(
      key: "x_campaign_params_for_ios", rawValue: Self.campaignJSON(), source: .remote)
    #expect(try CampaignSchedule.decode(value) == Self.spring())
  }

  @Test(
    "as a config value, a malformed campaign is an error naming the key and the field",
    arguments: [
      (
        #"{"start_at": "2025-04-01T00:00:00Z"}"#,
        "missing field 'front_image_url'"
      ),
      ("[1]", "expected a JSON object, found an array"),
      ("{", "invalid JSON: line 1, column 2: expected a string key, found end of input"),
    ])
  func configValueMalformed(raw: String, detail: String) {
    let value = ConfigValue(key: "x_campaign_params_for_ios", rawValue: raw, source: .remote)
    #expect(
      throws: ConfigValueError(
        key: "x_campaign_params_for_ios", rawValue: raw, expected: "a campaign object",
        detail: detail)
    ) { try CampaignSchedule.decode(value) }
  }
}
