import Core

/// A template condition as written, before compilation: what both Firebase formats become.
///
/// A client template's expression (`device.os == 'ios' && percent <= 10`) parses into an
/// `.and` of atoms; a server template's JSON tree (`orCondition`, `andCondition`, `percent`,
/// `customSignal`, ...) maps onto the same cases, so one compiler and one evaluator serve both.
public indirect enum Condition: Sendable, Hashable {
  /// `true` or `false`.
  case constant(Bool)
  /// True when every child is true; an empty list is true.
  case and([Condition])
  /// True when any child is true; an empty list is false.
  case or([Condition])
  /// A percentile bucket of the randomization id.
  case percent(PercentCondition)
  /// A test of one signal of the evaluation context.
  case signal(SignalCondition)
  /// A part of a condition this version does not evaluate, with why (`'exp' is not known to
  /// this version of Switchyard`, as `explain` gives it); it evaluates to false.
  case unknown(String)
}
