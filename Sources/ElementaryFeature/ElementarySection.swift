/// A section of the elementary home screen. `elementary_home_sections` lists them by these
/// names, in the order the screen shows them.
public enum ElementarySection: String, Sendable, Hashable, CaseIterable, Codable {
  /// The lesson planned for today.
  case todaysLesson
  /// Progress towards the daily goal.
  case dailyGoal
  /// Exercises the child got wrong before, to try again.
  case review
  /// The stickers earned so far.
  case stickerBook
  /// Picture books and videos to explore freely.
  case library
}

extension ElementarySection: CustomStringConvertible {
  /// The name as the config key spells it, e.g. `todaysLesson`.
  public var description: String { rawValue }
}
