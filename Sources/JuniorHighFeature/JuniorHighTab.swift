/// A tab of the junior-high home screen. `junior_high_home_tabs` lists them by these names,
/// in the order the tab bar shows them.
public enum JuniorHighTab: String, Sendable, Hashable, CaseIterable, Codable {
  /// Today's plan and streak.
  case today
  /// The course's lessons by subject.
  case lessons
  /// Drills and past exam questions.
  case practice
  /// The weekly ranking among classmates; off by default.
  case ranking
  /// The student's profile and settings.
  case profile
}

extension JuniorHighTab: CustomStringConvertible {
  /// The name as the config key spells it, e.g. `practice`.
  public var description: String { rawValue }
}
