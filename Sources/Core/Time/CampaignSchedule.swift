public import Foundation

/// A campaign window whose background picture changes every day, usable by any feature.
///
/// It is what the JSON of `x_campaign_params_for_ios` describes:
///
/// ```json
/// {"front_image_url": "https://cdn.example.com/front.png",
///  "back_image_url": "https://cdn.example.com/back_%02d.png",
///  "back_image_count": 7,
///  "start_at": "2025-04-01T00:00:00+09:00", "end_at": "2025-04-14T23:59:59+09:00"}
/// ```
///
/// Inside `[startAt, endAt]` (both ends included) day n is the number of whole days elapsed
/// since `startAt`, so a day turns at `startAt`'s local time of day; the background is
/// picture `(n mod backImageCount) + 1`. Outside the window there is no campaign day.
public struct CampaignSchedule: Sendable, Hashable {
  /// The token in `back_image_url` that the picture number replaces.
  public static let pictureNumberPlaceholder = "%02d"

  /// The length of a campaign day. Offsets are fixed (`+09:00`, not a zone name), so every
  /// day is exactly this long: there is no daylight-saving day to shorten or stretch.
  public static let secondsPerDay: Double = 86_400

  /// The front picture, the same on every day.
  public let frontImageURL: String
  /// The background picture's address with `%02d` where the picture number goes.
  public let backImageURLTemplate: String
  /// How many background pictures there are; day n shows picture `(n mod count) + 1`.
  public let backImageCount: Int
  /// The first instant of the campaign, included.
  public let startAt: Date
  /// The last instant of the campaign, included.
  public let endAt: Date

  /// Creates a schedule from typed values.
  /// - Throws: `CampaignScheduleError` when an address is blank, the background address
  ///   lacks `%02d`, the count is below 1, `startAt` or `endAt` lies more than 10^12 seconds
  ///   from 1970 (beyond any year a template can spell), or `endAt` is before `startAt`.
  public init(
    frontImageURL: String, backImageURLTemplate: String, backImageCount: Int, startAt: Date,
    endAt: Date
  ) throws(CampaignScheduleError) {
    for (field, date) in [(Field.startAt, startAt), (Field.endAt, endAt)]
    where !Self.supportedInstants.contains(date.timeIntervalSince1970) {
      throw .invalidValue(
        field: field, value: "\(date.timeIntervalSince1970) seconds since 1970",
        expected: "an instant within 10^12 seconds of 1970")
    }
    try self.init(
      frontImageURL: frontImageURL, backImageURLTemplate: backImageURLTemplate,
      backImageCount: backImageCount, startAt: startAt, endAt: endAt,
      startText: Timestamp.format(startAt), endText: Timestamp.format(endAt))
  }

  /// Seconds since 1970 a hand-built window may use: every instant `Timestamp` parses (years
  /// 0000...9999) and far more, while day counts and formatting stay well inside `Int`.
  static let supportedInstants: ClosedRange<Double> = -1e12...1e12

  /// The designated initialiser; the texts are what the end-before-start error shows, so a
  /// parsed schedule reports the timestamps as the template spelled them.
  init(
    frontImageURL: String, backImageURLTemplate: String, backImageCount: Int, startAt: Date,
    endAt: Date, startText: String, endText: String
  ) throws(CampaignScheduleError) {
    let front = String(ConfigValueParser.trimmed(frontImageURL))
    guard !front.isEmpty else {
      throw .invalidValue(
        field: Field.frontImageURL, value: JSONValue.string(frontImageURL).jsonText,
        expected: "a non-empty address")
    }
    let back = String(ConfigValueParser.trimmed(backImageURLTemplate))
    guard back.contains(Self.pictureNumberPlaceholder) else {
      throw .invalidValue(
        field: Field.backImageURL, value: JSONValue.string(backImageURLTemplate).jsonText,
        expected: "an address containing \(Self.pictureNumberPlaceholder)")
    }
    guard backImageCount >= 1 else {
      throw .invalidValue(
        field: Field.backImageCount, value: String(backImageCount),
        expected: "a whole number of at least 1")
    }
    guard endAt >= startAt else { throw .endBeforeStart(startAt: startText, endAt: endText) }
    self.frontImageURL = front
    self.backImageURLTemplate = back
    self.backImageCount = backImageCount
    self.startAt = startAt
    self.endAt = endAt
  }

  /// The campaign day at `date`, or nil when `date` is outside the window.
  public func day(at date: Date) -> CampaignDay? {
    guard date >= startAt, date <= endAt else { return nil }
    // Both ends lie within `supportedInstants`, so the day count fits an `Int` easily.
    let index = Int((date.timeIntervalSince(startAt) / Self.secondsPerDay).rounded(.down))
    return CampaignDay(
      index: index, backImageURL: backImageURL(picture: index % backImageCount + 1),
      frontImageURL: frontImageURL)
  }

  /// The background address for picture `number`: `%02d` replaced by the number padded
  /// with zeros to at least two digits (`01` ... `09`, `10`, `123`), as `printf` would.
  public func backImageURL(picture number: Int) -> String {
    let digits = String(number)
    let padded = digits.count < 2 ? "0" + digits : digits
    return backImageURLTemplate.replacing(Self.pictureNumberPlaceholder, with: padded)
  }

  /// The JSON member names, as errors print them.
  enum Field {
    static let frontImageURL = "front_image_url"
    static let backImageURL = "back_image_url"
    static let backImageCount = "back_image_count"
    static let startAt = "start_at"
    static let endAt = "end_at"
  }
}

extension CampaignSchedule: CustomStringConvertible {
  /// For example `campaign 2025-03-31T15:00:00Z...2025-04-14T14:59:59Z, 7 pictures`.
  public var description: String {
    let pictures = backImageCount == 1 ? "1 picture" : "\(backImageCount) pictures"
    return "campaign \(Timestamp.format(startAt))...\(Timestamp.format(endAt)), \(pictures)"
  }
}
