import Foundation

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

/// The six comparisons, for numbers, versions and times.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
  /// `<`
  case lessThan = "<"
  /// `<=`
  case lessOrEqual = "<="
  /// `==`
  case equal = "=="
  /// `!=`
  case notEqual = "!="
  /// `>`
  case greaterThan = ">"
  /// `>=`
  case greaterOrEqual = ">="

  /// Whether `lhs op rhs` holds.
  @inlinable
  public func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
    switch self {
    case .lessThan: lhs < rhs
    case .lessOrEqual: lhs <= rhs
    case .equal: lhs == rhs
    case .notEqual: lhs != rhs
    case .greaterThan: lhs > rhs
    case .greaterOrEqual: lhs >= rhs
    }
  }
}

/// Audience-list operators of `app.audiences`.
public enum AudienceOperator: String, Sendable, Hashable, CaseIterable {
  /// The user is in at least one target audience.
  case inAtLeastOne
  /// The user is not in at least one target audience.
  case notInAtLeastOne
  /// The user is in every target audience.
  case inAll
  /// The user is in none of the target audiences.
  case notInAll
}

/// The instant a time condition compares against, with the text it came from.
public struct TimeTarget: Sendable, Hashable {
  /// The instant, resolved from the wall-clock text and the zone.
  public var instant: Date
  /// The wall-clock text as written, e.g. `2025-01-06T03:00:00`.
  public var text: String
  /// The zone name as written, or nil for GMT.
  public var zone: String?

  /// Creates a target.
  public init(instant: Date, text: String, zone: String?) {
    self.instant = instant
    self.text = text
    self.zone = zone
  }
}
