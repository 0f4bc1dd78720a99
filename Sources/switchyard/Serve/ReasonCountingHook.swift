import FlagEvaluation

/// Counts each evaluation's OpenFeature reason into `/metrics`, as a hook on the evaluator:
/// told once per flag, bulk answers included, after the reason is decided.
struct ReasonCountingHook: FlagHook {
  let metrics: ServeMetrics

  func finally(_ hook: inout FlagHookContext, details: FlagEvaluationDetails<FlagValue?>) {
    metrics.recordEvaluation(reason: details.reason.rawValue)
  }
}
