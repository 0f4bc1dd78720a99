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
