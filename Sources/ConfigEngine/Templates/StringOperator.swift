/// String operators of both template formats.
public enum StringOperator: String, Sendable, Hashable, CaseIterable {
  /// The value contains a target as a substring (`STRING_CONTAINS`, `.contains`).
  case contains
  /// The value contains none of the targets (`STRING_DOES_NOT_CONTAIN`, `.notContains`).
  case doesNotContain
  /// The value equals a target after trimming both (`STRING_EXACTLY_MATCHES`,
  /// `.exactlyMatches`).
  case exactlyMatches
  /// A target regex matches somewhere in the value (`STRING_CONTAINS_REGEX`, `.matches`).
  case containsRegex
  /// The value equals a target exactly (`==`, `in [...]`).
  case equals
  /// The value equals none of the targets (`!=`).
  case notEquals
}
