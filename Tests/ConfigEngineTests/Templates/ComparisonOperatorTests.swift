import ConfigEngine
import Testing

@Suite("ComparisonOperator")
struct ComparisonOperatorTests {
  @Test(
    "each operator holds exactly for its orderings",
    arguments: [
      (ComparisonOperator.lessThan, [true, false, false]),
      (.lessOrEqual, [true, true, false]),
      (.equal, [false, true, false]),
      (.notEqual, [true, false, true]),
      (.greaterThan, [false, false, true]),
      (.greaterOrEqual, [false, true, true]),
    ])
  func holds(operator: ComparisonOperator, expected: [Bool]) {
    // Left side 1 against 2, 1 and 0: less, equal, greater.
    #expect([2, 1, 0].map { `operator`.holds(1, $0) } == expected)
  }
}
