import Core
import Foundation

/// Percent conditions: the user's micro-percentile for a seed, hashed once per evaluation
/// (`PercentBucket`), against the condition's range.
extension ConditionProgram {
  /// Whether the user's micro-percentile for seed `seed` falls in `range`; false without a
  /// randomization id. Explained in `why` when it is non-nil.
  func evaluatePercent(
    seed: Int, range: PercentTest, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    guard let id = input.context.pointee.randomizationID, !id.isEmpty else {
      if why != nil { why = "no randomization id, so percent conditions are false" }
      return false
    }
    var bucket = scratch.buckets[seed]
    if bucket < 0 {
      bucket = seedPrefixes.withUnsafeBytes { prefixes in
        PercentBucket.microPercentile(
          prefix: UnsafeRawBufferPointer(rebasing: prefixes[seedPrefixRanges[seed]]),
          randomizationID: id)
      }
      scratch.buckets[seed] = bucket
    }
    let result: Bool
    let statement: String?
    switch range {
    case .atMost(let bound):
      result = bucket <= bound
      statement =
        why == nil ? nil : "\(Self.percent(bucket)) \(result ? "<=" : ">") \(Self.percent(bound))"
    case .above(let bound):
      result = bucket > bound
      statement =
        why == nil ? nil : "\(Self.percent(bucket)) \(result ? ">" : "<=") \(Self.percent(bound))"
    case .between(let lower, let upper):
      result = lower < bucket && bucket <= upper
      statement =
        why == nil
        ? nil
        : "\(Self.percent(bucket)) \(result ? "is" : "is not") between \(Self.percent(lower)) and \(Self.percent(upper))"
    }
    if let statement {
      why =
        (seeds[seed].isEmpty ? "percent " : "percent(\(Excerpt.quoted(seeds[seed]))) ")
        + statement
    }
    return result
  }
}
