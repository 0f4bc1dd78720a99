import Foundation

extension CampaignSchedule {
  /// Parses the JSON text of a campaign (see `init(json:)`).
  /// - Throws: `CampaignScheduleError.invalidJSON` with the position, or the error
  ///   `init(json:)` throws.
  public init(parsing text: String) throws(CampaignScheduleError) {
    try self.init(json: Self.document(text))
  }

  /// Reads a campaign object: `front_image_url` and `back_image_url` (strings, the second
  /// containing `%02d`), `back_image_count` (a whole number of at least 1, as a number or a
  /// numeric string such as `"3"`), `start_at` and `end_at` (ISO-8601 with an offset,
  /// `end_at` not before `start_at`). Other members are ignored, so the backend may add
  /// fields without breaking older apps.
  /// - Throws: `CampaignScheduleError` naming the field at fault.
  public init(json: JSONValue) throws(CampaignScheduleError) {
    guard case .object(let object) = json else { throw .notAnObject(found: json.kindDescription) }
    let front = try Self.string(Field.frontImageURL, in: object)
    let back = try Self.string(Field.backImageURL, in: object)
    let count = try Self.pictureCount(in: object)
    let (startAt, startText) = try Self.timestamp(Field.startAt, in: object)
    let (endAt, endText) = try Self.timestamp(Field.endAt, in: object)
    try self.init(
      frontImageURL: front, backImageURLTemplate: back, backImageCount: count, startAt: startAt,
      endAt: endAt, startText: startText, endText: endText)
  }

  private static func member(
    _ field: String, in object: JSONObject
  ) throws(CampaignScheduleError) -> JSONValue {
    guard let value = object[field] else { throw .missingField(field) }
    return value
  }

  private static func string(
    _ field: String, in object: JSONObject
  ) throws(CampaignScheduleError) -> String {
    let value = try member(field, in: object)
    guard case .string(let text) = value else {
      throw .wrongType(field: field, expected: "a string", found: value.kindDescription)
    }
    return text
  }

  /// `back_image_count` as a number (`3`, `3.0`) or a numeric string (`"3"`), read with the
  /// one number rule; the count itself is checked by the designated initialiser.
  private static func pictureCount(in object: JSONObject) throws(CampaignScheduleError) -> Int {
    let field = Field.backImageCount
    let value = try member(field, in: object)
    let count: Int?
    switch value {
    case .number(let number): count = number.intValue
    case .string(let text): count = ConfigValueParser.integer(text)
    case .null, .bool, .array, .object:
      throw .wrongType(
        field: field, expected: "a number or a numeric string", found: value.kindDescription)
    }
    guard let count else {
      throw .invalidValue(
        field: field, value: value.jsonText, expected: "a whole number of at least 1")
    }
    return count
  }

  private static func timestamp(
    _ field: String, in object: JSONObject
  ) throws(CampaignScheduleError) -> (Date, String) {
    let text = try string(field, in: object)
    do {
      return (try Timestamp.parse(text), text)
    } catch {
      throw .invalidTimestamp(field: field, error)
    }
  }
}

extension CampaignSchedule {
  /// Reads a campaign config value, for a `ConfigKey<CampaignSchedule?>`: `{}` or a blank
  /// value means "no campaign" (nil); anything else must be a valid campaign object.
  ///
  /// ```swift
  /// static let campaign = ConfigKey<CampaignSchedule?>(
  ///   "x_campaign_params_for_ios", valueType: .json, default: nil, defaultRawValue: "{}",
  ///   description: "...", decode: CampaignSchedule.decode)
  /// ```
  /// - Throws: `ConfigValueError` naming the key, the value and the field at fault.
  public static func decode(_ value: ConfigValue) throws(ConfigValueError) -> CampaignSchedule? {
    do {
      return try optionalCampaign(parsing: value.rawValue)
    } catch {
      throw ConfigValueError(
        key: value.key, rawValue: value.rawValue, expected: "a campaign object",
        detail: error.description)
    }
  }

  private static func optionalCampaign(
    parsing text: String
  ) throws(CampaignScheduleError) -> CampaignSchedule? {
    if ConfigValueParser.trimmed(text).isEmpty { return nil }
    let json = try document(text)
    if case .object(let object) = json, object.isEmpty { return nil }
    return try CampaignSchedule(json: json)
  }

  /// The JSON document `text` holds, or `invalidJSON` with the position.
  private static func document(_ text: String) throws(CampaignScheduleError) -> JSONValue {
    do {
      return try JSONParser().parse(text)
    } catch {
      throw .invalidJSON(error)
    }
  }
}
