/// An observer of flag evaluations made through a `FlagEvaluator` (OpenFeature's hooks): told
/// before each one, after it succeeded or on its error, and finally in every case. Every stage
/// has a default that does nothing, so a hook implements only the stages it needs.
///
/// Hooks run "stack-wise", as OpenFeature orders them: `before` in the order the hooks were
/// given, `after`, `error` and `finally` in the reverse order. An error thrown by a `before`
/// or `after` stage skips the rest of that stage, runs every hook's `error` stage and makes
/// the evaluation's value the caller's default (`GENERAL`); `error` and `finally` cannot
/// throw. With no hooks given, an evaluation does no hook work and allocates nothing for them.
public protocol FlagHook: Sendable {
  /// Before the evaluation; may change `hook.context` for it.
  func before(_ hook: inout FlagHookContext) throws
  /// After an evaluation that succeeded (no error code), with its details.
  func after(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>) throws
  /// After an evaluation that failed, or a `before` or `after` stage that threw.
  func error(_ hook: inout FlagHookContext, _ error: FlagEvaluationError)
  /// Last, in every case, with the details the caller gets (their value as the flag's own
  /// type; nil where it is the caller's default and none was given).
  func finally(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>)
}

extension FlagHook {
  /// Does nothing.
  public func before(_ hook: inout FlagHookContext) throws {}
  /// Does nothing.
  public func after(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>)
    throws
  {}
  /// Does nothing.
  public func error(_ hook: inout FlagHookContext, _ error: FlagEvaluationError) {}
  /// Does nothing.
  public func finally(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>) {}
}
