/// One step of `MontgomeryModulus.power` as an observer sees it: which operation, and for a
/// table read which entry, never a value.
enum MontgomeryStep: Sendable, Equatable {
  /// A Montgomery multiplication of the accumulator by itself.
  case square
  /// A Montgomery multiplication of two different numbers (building the table, or the
  /// accumulator by the entry a window selected).
  case multiply
  /// The read of one table entry while a window's entry is selected.
  case tableRead(entry: Int)
}

/// What watches `MontgomeryModulus.power` step by step, so a test can show that the sequence
/// of steps is the same for every exponent of a limb count. Signing uses
/// `IgnoredMontgomerySteps`, whose empty `observe` the compiler removes from the specialised
/// `power`: no test-only state or work in the production path.
protocol MontgomeryStepObserver {
  /// Called once per step, in order.
  mutating func observe(_ step: MontgomeryStep)
}

/// The observer that does nothing: what `power(_:exponent:)` uses.
struct IgnoredMontgomerySteps: MontgomeryStepObserver {
  @inline(__always)
  mutating func observe(_ step: MontgomeryStep) {}
}
