import Foundation

/// What one evaluation reads: the context and the instant `dateTime` conditions compare with.
///
/// The context is borrowed through a pointer that is valid inside `with(_:now:_:)` only:
/// passing the input down the evaluator and into closures then copies two words instead of
/// retaining each of the context's strings and tables.
struct EvaluationInput {
  let context: UnsafePointer<EvaluationContext>
  /// `context.now`, or the caller's time source when the context gives none.
  let now: Date

  /// Runs `body` with an input that borrows `context`.
  static func with<Result>(
    _ context: borrowing EvaluationContext, now: Date, _ body: (EvaluationInput) -> Result
  ) -> Result {
    withUnsafePointer(to: context) { body(EvaluationInput(context: $0, now: now)) }
  }
}
