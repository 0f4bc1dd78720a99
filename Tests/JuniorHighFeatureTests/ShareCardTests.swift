import Core
import Foundation
import JuniorHighFeature
import Testing

@Suite("JuniorHighHome share card")
struct ShareCardTests {
  /// A week-long campaign whose days turn at 09:30 Tokyo time, with three backgrounds.
  static let campaign =
    #"{"front_image_url": "https://cdn.example.com/quiz/front.png", "#
    + #""back_image_url": "https://cdn.example.com/quiz/back_%02d.png", "#
    + #""back_image_count": "3", "#
    + #""start_at": "2025-04-01T09:30:00+09:00", "end_at": "2025-04-07T23:59:59+09:00"}"#

  static let values = [
    "x_campaign_params_for_ios": campaign, "x_campaign_for_ios": "Day %d of #SpringQuiz",
  ]

  static func card(
    _ values: [String: String] = values, at instant: String
  ) throws -> (ShareCard, [Reason]) {
    let home = JuniorHighFeature.home(
      for: try .juniorHigh(2), values: InMemoryConfigValues(values),
      at: try Timestamp.parse(instant))
    return (home.shareCard, home.diagnostics)
  }

  static func campaignCard(picture: String, day: Int) -> ShareCard {
    ShareCard(
      background: "https://cdn.example.com/quiz/back_\(picture).png",
      front: "https://cdn.example.com/quiz/front.png", text: "Day \(day) of #SpringQuiz")
  }

  @Test(
    "in a campaign the background turns at start_at's time of day and wraps after the last picture",
    arguments: [
      ("2025-04-01T09:30:00+09:00", "01", 1),
      ("2025-04-02T09:29:59+09:00", "01", 1),
      ("2025-04-02T09:30:00+09:00", "02", 2),
      ("2025-04-03T00:29:59Z", "02", 2),
      ("2025-04-03T00:30:00Z", "03", 3),
      ("2025-04-04T09:29:59+09:00", "03", 3),
      ("2025-04-04T09:30:00+09:00", "01", 4),
      ("2025-04-07T23:59:59+09:00", "01", 7),
    ])
  func duringCampaign(instant: String, picture: String, day: Int) throws {
    let (card, diagnostics) = try Self.card(at: instant)
    #expect(card == Self.campaignCard(picture: picture, day: day))
    #expect(diagnostics == [])
  }

  @Test(
    "one second outside the window the card is the built-in one, without text or diagnostic",
    arguments: ["2025-04-01T09:29:59+09:00", "2025-04-08T00:00:00+09:00", "2030-01-01T00:00:00Z"])
  func outsideCampaign(instant: String) throws {
    let (card, diagnostics) = try Self.card(at: instant)
    #expect(card == .builtIn)
    #expect(card.text == nil)
    #expect(diagnostics == [])
  }

  @Test(
    "no campaign, whether absent, {} or blank, is the built-in card without a diagnostic",
    arguments: [nil, "{}", " {} ", ""] as [String?])
  func noCampaign(raw: String?) throws {
    var values = ["x_campaign_for_ios": "Day %d of #SpringQuiz"]
    values["x_campaign_params_for_ios"] = raw
    let (card, diagnostics) = try Self.card(values, at: "2025-04-02T12:00:00+09:00")
    #expect(card == .builtIn)
    #expect(diagnostics == [])
  }

  @Test("a blank share text gives the campaign's pictures and no text")
  func blankText() throws {
    for text in [nil, "", "   "] as [String?] {
      var values = ["x_campaign_params_for_ios": Self.campaign]
      values["x_campaign_for_ios"] = text
      let (card, _) = try Self.card(values, at: "2025-04-02T12:00:00+09:00")
      #expect(card.background == "https://cdn.example.com/quiz/back_02.png")
      #expect(card.front == "https://cdn.example.com/quiz/front.png")
      #expect(card.text == nil)
    }
  }

  @Test(
    "the share text passes hashtags and percent signs through the format",
    arguments: [
      ("#SpringQuiz", "#SpringQuiz"),
      ("  Day %d #SpringQuiz  ", "Day 2 #SpringQuiz"),
      ("%d%% of the way #SpringQuiz", "2% of the way #SpringQuiz"),
      ("%@ %s %", "%@ %s %"),
    ])
  func shareText(format: String, text: String) throws {
    let values = ["x_campaign_params_for_ios": Self.campaign, "x_campaign_for_ios": format]
    let (card, _) = try Self.card(values, at: "2025-04-02T12:00:00+09:00")
    #expect(card.text == text)
  }

  @Test(
    "a malformed campaign is the built-in card, with a diagnostic naming the key and the field",
    arguments: [
      (
        #"{"front_image_url": "f.png", "back_image_url": "b.png", "back_image_count": 3, "#
          + #""start_at": "2025-04-01T00:00:00Z", "end_at": "2025-04-30T00:00:00Z"}"#,
        #"field 'back_image_url' ("b.png") must be an address containing %02d"#
      ),
      (
        #"{"front_image_url": "f.png", "back_image_url": "b_%02d.png", "back_image_count": 0, "#
          + #""start_at": "2025-04-01T00:00:00Z", "end_at": "2025-04-30T00:00:00Z"}"#,
        "field 'back_image_count' (0) must be a whole number of at least 1"
      ),
      (
        #"{"front_image_url": "f.png", "back_image_url": "b_%02d.png", "#
          + #""start_at": "2025-04-01T00:00:00Z", "end_at": "2025-04-30T00:00:00Z"}"#,
        "missing field 'back_image_count'"
      ),
      (
        #"{"front_image_url": "f.png", "back_image_url": "b_%02d.png", "back_image_count": 3, "#
          + #""start_at": "2025-04-01", "end_at": "2025-04-30T00:00:00Z"}"#,
        #"field 'start_at': invalid timestamp "2025-04-01" at column 11: expected 'T' after the "#
          + "date"
      ),
      (
        #"{"front_image_url": "f.png", "back_image_url": "b_%02d.png", "back_image_count": 3, "#
          + #""start_at": "2025-04-30T00:00:00Z", "end_at": "2025-04-01T00:00:00Z"}"#,
        "field 'end_at' (2025-04-01T00:00:00Z) is before 'start_at' (2025-04-30T00:00:00Z)"
      ),
      ("[]", "expected a JSON object, found an array"),
      ("spring", "invalid JSON: line 1, column 1: expected a JSON value, found 's'"),
    ])
  func malformedCampaign(raw: String, detail: String) throws {
    let values = ["x_campaign_params_for_ios": raw, "x_campaign_for_ios": "#SpringQuiz"]
    let (card, diagnostics) = try Self.card(values, at: "2025-04-02T12:00:00+09:00")
    #expect(card == .builtIn)
    let shown = raw.count > 80 ? String(raw.prefix(77)) + "..." : raw
    #expect(
      diagnostics == [
        .diagnostic(
          "key 'x_campaign_params_for_ios': \"\(shown)\" is not a campaign object (\(detail)); "
            + "using the default {}; no campaign")
      ])
  }

  @Test("the card follows an injected clock")
  func injectedClock() throws {
    let clock = ManualTimeSource(now: try Timestamp.parse("2025-04-02T09:29:59+09:00"))
    let values = InMemoryConfigValues(Self.values)
    let grade = try Grade.juniorHigh(1)
    #expect(
      JuniorHighFeature.home(for: grade, values: values, time: clock).shareCard
        == Self.campaignCard(picture: "01", day: 1))
    clock.advance(by: .seconds(1))
    #expect(
      JuniorHighFeature.home(for: grade, values: values, time: clock).shareCard
        == Self.campaignCard(picture: "02", day: 2))
  }

  @Test("during a campaign the card encodes the pictures and the text")
  func encodes() throws {
    let (card, _) = try Self.card(at: "2025-04-03T12:00:00+09:00")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(
      String(decoding: try encoder.encode(card), as: UTF8.self)
        == #"{"background":"https://cdn.example.com/quiz/back_03.png","#
        + #""front":"https://cdn.example.com/quiz/front.png","text":"Day 3 of #SpringQuiz"}"#)
  }
}
