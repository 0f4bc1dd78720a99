extension FlagEvaluator {
  /// Runs one evaluation between the hooks' stages, in OpenFeature's order (see `FlagHook`).
  /// - Parameters:
  ///   - evaluate: the evaluation, for the context the `before` stages leave.
  ///   - failed: the details of an evaluation a stage's error cut short.
  ///   - erase: the details as hooks see them.
  func runHooks<Value>(
    key: String, valueType: FlagValueType?, defaultValue: FlagValue?, context: FlagContext?,
    evaluate: (FlagContext?) -> FlagEvaluationDetails<Value>,
    failed: (FlagEvaluationError) -> FlagEvaluationDetails<Value>,
    erase: (FlagEvaluationDetails<Value>) -> FlagEvaluationDetails<FlagValue?>
  ) -> FlagEvaluationDetails<Value> {
    var stages = hooks.map { _ in
      FlagHookContext(
        flagKey: key, valueType: valueType, defaultValue: defaultValue, context: context)
    }
    var details: FlagEvaluationDetails<Value>
    // The details as hooks saw them in `after`, unless a stage's error replaced them since:
    // erased once, not again for `finally`.
    var seen: FlagEvaluationDetails<FlagValue?>?
    do {
      var current = context
      for index in hooks.indices {
        stages[index].context = current
        try hooks[index].before(&stages[index])
        current = stages[index].context
      }
      details = evaluate(current)
      if let error = details.error {
        for index in hooks.indices.reversed() { hooks[index].error(&stages[index], error) }
      } else {
        let erased = erase(details)
        seen = erased
        for index in hooks.indices.reversed() {
          try hooks[index].after(&stages[index], details: erased)
        }
      }
    } catch {
      let failure = FlagEvaluationError(.general, "a hook failed: \(error)")
      details = failed(failure)
      seen = nil
      for index in hooks.indices.reversed() { hooks[index].error(&stages[index], failure) }
    }
    let final = seen ?? erase(details)
    for index in hooks.indices.reversed() { hooks[index].finally(&stages[index], details: final) }
    return details
  }
}
