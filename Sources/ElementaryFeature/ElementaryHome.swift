import Core

/// The elementary home screen's model: which sections show, in what order, and the daily
/// goal, with the diagnostics about config values that were worked around.
///
/// Encodes as `{"feature": "elementary", "grade": {"stage": ..., "year": ...},
/// "sections": [...], "dailyGoalMinutes": 15, "diagnostics": ["..."]}`, diagnostics as
/// their messages.
public struct ElementaryHome: Sendable, Equatable, Encodable {
  /// The grade the home was computed for.
  public let grade: Grade
  /// The sections to show, in order: never empty, no repeats.
  public let sections: [ElementarySection]
  /// The daily goal in minutes, within `ElementaryFeatureKeys.dailyGoalMinutesRange`.
  public let dailyGoalMinutes: Int
  /// Problems with the config values that the model worked around (an unknown section
  /// dropped, a goal clamped, a malformed value replaced by its default, ...).
  public let diagnostics: [Reason]

  /// Creates a home model.
  public init(
    grade: Grade, sections: [ElementarySection], dailyGoalMinutes: Int, diagnostics: [Reason]
  ) {
    self.grade = grade
    self.sections = sections
    self.dailyGoalMinutes = dailyGoalMinutes
    self.diagnostics = diagnostics
  }

  private enum CodingKeys: String, CodingKey {
    case feature, grade, sections, dailyGoalMinutes, diagnostics
  }

  /// Encodes the model with the feature's identity first, so printed homes say whose they are.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ElementaryFeature.id, forKey: .feature)
    try container.encode(grade, forKey: .grade)
    try container.encode(sections, forKey: .sections)
    try container.encode(dailyGoalMinutes, forKey: .dailyGoalMinutes)
    try container.encode(diagnostics.map(\.message), forKey: .diagnostics)
  }
}
