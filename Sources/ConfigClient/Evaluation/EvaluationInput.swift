import Foundation

/// What one evaluation reads: the context and the instant `dateTime` conditions compare with.
struct EvaluationInput {
  let context: EvaluationContext
  /// `context.now`, or the caller's time source when the context gives none.
  let now: Date
}
