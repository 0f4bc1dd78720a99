/// Why a campaign value (`x_campaign_params_for_ios`) is not a usable campaign. Every case
/// names the field at fault so the person editing the template knows what to fix.
public enum CampaignScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not JSON.
  case invalidJSON(JSONParseError)
  /// The JSON is not an object; carries the kind found, e.g. `an array`.
  case notAnObject(found: String)
  /// A required field is absent.
  case missingField(String)
  /// A field holds the wrong kind of JSON value.
  case wrongType(field: String, expected: String, found: String)
  /// A field has the right kind of value but an unusable one (an empty URL, a URL without
  /// `%02d`, a count below 1, ...).
  case invalidValue(field: String, value: String, expected: String)
  /// A timestamp field does not parse.
  case invalidTimestamp(field: String, TimestampParseError)
  /// `end_at` comes before `start_at`.
  case endBeforeStart(startAt: String, endAt: String)

  /// The field at fault, or nil when the problem is the whole value.
  public var field: String? {
    switch self {
    case .invalidJSON, .notAnObject: nil
    case .missingField(let field): field
    case .wrongType(let field, _, _): field
    case .invalidValue(let field, _, _): field
    case .invalidTimestamp(let field, _): field
    case .endBeforeStart: CampaignSchedule.Field.endAt
    }
  }

  /// For example `field 'back_image_url' ("https://cdn/b.png") must contain %02d`.
  public var description: String {
    switch self {
    case .invalidJSON(let error):
      "invalid JSON: \(error)"
    case .notAnObject(let found):
      "expected a JSON object, found \(found)"
    case .missingField(let field):
      "missing field '\(field)'"
    case .wrongType(let field, let expected, let found):
      "field '\(field)' must be \(expected), found \(found)"
    case .invalidValue(let field, let value, let expected):
      "field '\(field)' (\(value)) must be \(expected)"
    case .invalidTimestamp(let field, let error):
      "field '\(field)': \(error)"
    case .endBeforeStart(let startAt, let endAt):
      "field 'end_at' (\(endAt)) is before 'start_at' (\(startAt))"
    }
  }
}
