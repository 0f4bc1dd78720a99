public import Core

/// The junior-high home screen's model: the tabs shown, in order, and the share card, with
/// the diagnostics about config values that were worked around.
///
/// Encodes as `{"feature": "juniorHigh", "grade": {"stage": ..., "year": ...},
/// "tabs": [...], "shareCard": {"background", "front", "text"}, "diagnostics": ["..."]}`,
/// diagnostics as their messages.
public struct JuniorHighHome: Sendable, Equatable, Encodable {
  /// The grade the home was computed for.
  public let grade: Grade
  /// The tabs to show, in order: never empty, no repeats.
  public let tabs: [JuniorHighTab]
  /// The share card at the instant the home was computed for.
  public let shareCard: ShareCard
  /// Problems with the config values that the model worked around (an unknown tab dropped,
  /// a malformed campaign ignored, ...).
  public let diagnostics: [Reason]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(grade: Grade, tabs: [JuniorHighTab], shareCard: ShareCard, diagnostics: [Reason]) {
    self.grade = grade
    self.tabs = tabs
    self.shareCard = shareCard
    self.diagnostics = diagnostics
  }

  /// The model as JSON: the feature's identity first, so a printed home says whose it is,
  /// then the members in alphabetical order, diagnostics as their messages. What
  /// `switchyard home` prints and what `Encodable` writes.
  public var json: JSONValue {
    [
      "feature": .string(JuniorHighFeature.id.rawValue),
      "diagnostics": .array(diagnostics.map { .string($0.message) }),
      "grade": grade.json,
      "shareCard": shareCard.json,
      "tabs": .array(tabs.map { .string($0.rawValue) }),
    ]
  }

  /// Encodes as `json`.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }
}
