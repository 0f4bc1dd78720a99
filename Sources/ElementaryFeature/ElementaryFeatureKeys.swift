public import Core

/// The remote-config keys the elementary course owns. Names and defaults are a contract with
/// the console: renaming one silently returns every user to the default.
public enum ElementaryFeatureKeys {
  /// The sections the home screen shows when the remote list is missing, malformed or
  /// names no known section: every section, lesson first.
  public static let defaultHomeSections: [ElementarySection] = [
    .todaysLesson, .dailyGoal, .review, .stickerBook, .library,
  ]

  /// The daily goal, in minutes, when the remote value is missing or malformed.
  public static let defaultDailyGoalMinutes = 15

  /// The daily goals the home screen accepts, in minutes. A goal under 5 minutes is not a
  /// goal, and more than an hour a day is too much for a young child; a remote value outside
  /// the range is clamped to it, with a diagnostic.
  public static let dailyGoalMinutesRange: ClosedRange<Int> = 5...60

  /// `elementary_enabled` (BOOLEAN, default true): turns the whole course on or off.
  public static let enabled = ConfigKey<Bool>(
    "elementary_enabled", default: true,
    description: "Turns the elementary course on or off for every user.")

  /// `elementary_supported_grades` (JSON, default `[1]`): the elementary years the course is
  /// open to, as it opens grade by grade. Every element must be a year 1...6; a value that
  /// is not such a list is malformed and the default stands in.
  public static let supportedGrades = ConfigKey<[Int]>(
    "elementary_supported_grades", valueType: .json, default: [1], defaultRawValue: "[1]",
    description:
      "The elementary years (1-6) the course is open to, as a JSON array, e.g. [1, 2].",
    decode: decodeYears)

  /// `elementary_home_sections` (JSON, default every section): the home screen's sections
  /// in order, by name (`ElementarySection`). Unknown names are dropped by the home model.
  public static let homeSections = ConfigKey<[String]>(
    optionList: "elementary_home_sections", default: defaultHomeSections.map(\.rawValue),
    description:
      "The elementary home screen's sections in order, as a JSON array of names: "
      + ElementarySection.allCases.map(\.rawValue).joined(separator: ", ") + ".")

  /// `elementary_daily_goal_minutes` (NUMBER, default 15): the daily goal, a whole number
  /// of minutes, clamped to `dailyGoalMinutesRange` by the home model.
  public static let dailyGoalMinutes = ConfigKey<Int>(
    "elementary_daily_goal_minutes", default: defaultDailyGoalMinutes,
    description:
      "The daily learning goal in whole minutes, clamped to "
      + "\(dailyGoalMinutesRange.lowerBound)-\(dailyGoalMinutesRange.upperBound).")

  /// Reads `elementary_supported_grades`: a JSON array of whole numbers 1...6.
  @Sendable
  private static func decodeYears(_ value: ConfigValue) throws(ConfigValueError) -> [Int] {
    let expected = "a JSON array of elementary years such as [1, 2]"
    var years: [Int] = []
    for (index, element) in try value.jsonArray(expected: expected).enumerated() {
      guard case .number(let number) = element, let year = number.intValue,
        SchoolStage.elementary.validYears.contains(year)
      else {
        throw ConfigValueError(
          key: value.key, rawValue: value.rawValue, expected: expected,
          detail: "element [\(index)] must be a year 1...6, found \(element.jsonText)")
      }
      years.append(year)
    }
    return years
  }

  /// The keys the routing rule reads: a change to any other key never changes a route.
  public static let routing: [AnyConfigKey] = [enabled.erased, supportedGrades.erased]

  /// Every key above, in the order key listings print them.
  public static let all: [AnyConfigKey] = routing + [homeSections.erased, dailyGoalMinutes.erased]
}
