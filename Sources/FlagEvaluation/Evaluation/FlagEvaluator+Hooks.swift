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
        let seen = erase(details)
        for index in hooks.indices.reversed() {
          try hooks[index].after(&stages[index], details: seen)
        }
      }
    } catch {
      let failure = FlagEvaluationError(.general, "a hook failed: \(error)")
      details = failed(failure)
      for index in hooks.indices.reversed() { hooks[index].error(&stages[index], failure) }
    }
    let seen = erase(details)
    for index in hooks.indices.reversed() { hooks[index].finally(&stages[index], details: seen) }
    return details
  }
}
