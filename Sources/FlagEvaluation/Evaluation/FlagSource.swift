/// Where a `FlagEvaluator` (and the OFREP responder) reads what it evaluates, once per
/// evaluation: so a source that swaps its template (a client activating, a server reloading)
/// is seen by the next evaluation without rebuilding anything.
public protocol FlagSource: Sendable {
  /// What to evaluate now; nil while nothing is loaded (evaluations then fail with
  /// `PROVIDER_NOT_READY`). Called once per evaluation, so it must be cheap: a lock-protected
  /// read, not I/O.
  func flagConfiguration() -> FlagConfiguration?
}

/// A `FlagSource` that is a function: for a server that keeps its configuration itself (in a
/// lock-protected value of its own) and replaces it on reload; the function reads it. Keep a
/// `TemplateFlagSource` there and answer its `flagConfiguration()`, so each evaluation reads the
/// clock: a `FlagConfiguration` kept as it is would evaluate `dateTime` conditions at the time
/// it was built.
public struct ClosureFlagSource: FlagSource {
  private let read: @Sendable () -> FlagConfiguration?

  /// A source that calls `read` for each evaluation.
  public init(_ read: @escaping @Sendable () -> FlagConfiguration?) {
    self.read = read
  }

  /// `read()`.
  public func flagConfiguration() -> FlagConfiguration? { read() }
}
