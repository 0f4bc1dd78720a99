import Core

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

  /// Creates a home model.
  public init(grade: Grade, tabs: [JuniorHighTab], shareCard: ShareCard, diagnostics: [Reason]) {
    self.grade = grade
    self.tabs = tabs
    self.shareCard = shareCard
    self.diagnostics = diagnostics
  }

  private enum CodingKeys: String, CodingKey {
    case feature, grade, tabs, shareCard, diagnostics
  }

  /// Encodes the model with the feature's identity first, so printed homes say whose they are.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(JuniorHighFeature.id, forKey: .feature)
    try container.encode(grade, forKey: .grade)
    try container.encode(tabs, forKey: .tabs)
    try container.encode(shareCard, forKey: .shareCard)
    try container.encode(diagnostics.map(\.message), forKey: .diagnostics)
  }
}
