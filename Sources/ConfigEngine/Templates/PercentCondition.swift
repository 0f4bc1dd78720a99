/// A percent condition: the randomization id's bucket, in micro-percent (0...100_000_000),
/// compared with a range. Buckets come from `SHA-256(seed + "." + randomizationId)`.
public struct PercentCondition: Sendable, Hashable {
  /// The comparison, with bounds in micro-percent (1 % = 1_000_000).
  public enum Range: Sendable, Hashable {
    /// `percent <= N`, Firebase's `LESS_OR_EQUAL`: bucket <= bound.
    case atMost(Int)
    /// `percent > N`, Firebase's `GREATER_THAN`: bucket > bound.
    case above(Int)
    /// `percent between A and B`, Firebase's `BETWEEN`: lower < bucket <= upper.
    case between(lower: Int, upper: Int)
    /// An operator this version does not know; it evaluates to false.
    case unknown(String)
  }

  /// The seed; empty means no seed (the hash input is then the randomization id alone).
  public var seed: String
  /// The range the bucket must fall in for the condition to be true.
  public var range: Range

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(seed: String = "", range: Range) {
    self.seed = seed
    self.range = range
  }

  /// 100 % in micro-percent.
  public static let microPercentScale = 100_000_000
}
