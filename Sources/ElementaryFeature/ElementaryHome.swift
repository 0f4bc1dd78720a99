public import Core

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

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    grade: Grade, sections: [ElementarySection], dailyGoalMinutes: Int, diagnostics: [Reason]
  ) {
    self.grade = grade
    self.sections = sections
    self.dailyGoalMinutes = dailyGoalMinutes
    self.diagnostics = diagnostics
  }

  /// The model as JSON: the feature's identity first, so a printed home says whose it is,
  /// then the members in alphabetical order, diagnostics as their messages. What
  /// `switchyard home` prints and what `Encodable` writes.
  public var json: JSONValue {
    [
      "feature": .string(ElementaryFeature.id.rawValue),
      "dailyGoalMinutes": .number(JSONNumber(dailyGoalMinutes)),
      "diagnostics": .array(diagnostics.map { .string($0.message) }),
      "grade": grade.json,
      "sections": .array(sections.map { .string($0.rawValue) }),
    ]
  }

  /// Encodes as `json`.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }
}
