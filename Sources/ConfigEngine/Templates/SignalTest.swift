/// What a condition checks about a signal's value.
///
/// Targets are kept as the template wrote them (strings); the compiler turns them into
/// numbers, versions and regexes once, and the evaluator never re-parses them.
public enum SignalTest: Sendable, Hashable {
  /// A string test; it matches if ANY target matches (for `.doesNotContain` and
  /// `.notEquals`: if the value contains / equals NONE of the targets).
  case string(StringOperator, [String])
  /// A numeric comparison against the FIRST target.
  case numeric(ComparisonOperator, [String])
  /// A semantic-version comparison against the FIRST target.
  case version(ComparisonOperator, [String])
  /// A test of the audience list against the targets.
  case audience(AudienceOperator, [String])
  /// A comparison of a time signal against an instant.
  case time(ComparisonOperator, TimeTarget)
}
