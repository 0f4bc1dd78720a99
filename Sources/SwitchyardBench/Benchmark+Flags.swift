import ConfigEngine
import Core
import FlagEvaluation

extension Benchmark {
  /// One flag read three ways in one run, over the evaluation benchmark's 200-parameter,
  /// 50-condition template and 10,000 contexts, on one core: the engine's value (evaluate,
  /// read the key), `FlagEvaluator`'s details with no hooks, and its details with one hook
  /// that does nothing. Each evaluates the whole template, so the differences are what
  /// OpenFeature's details (the context's mapping, the reason, the variant, the metadata) and
  /// the hook machinery cost. The three take turns within each round, so a neighbour that
  /// slows the machine slows all three alike.
  static let flags = Benchmark(
    name: "flags",
    summary: "One flag: the engine's value beside FlagEvaluator's details, no hook and one hook."
  ) { report, _ in
    let (template, evaluationContexts) = EvaluationWorkload.prepared(contexts: 10_000)
    // The same contexts in OpenFeature's terms: mapping them back is part of what the details
    // cost.
    let contexts = try evaluationContexts.map(flagContext)
    let source = TemplateFlagSource(
      template: template, timeSource: ManualTimeSource(now: EvaluationWorkload.now))
    let plain = FlagEvaluator(source: source)
    let hooked = FlagEvaluator(source: source, hooks: [IdleHook()])
    let key = "param_17"
    var checksum = 0
    let variants: [(String, () -> Void)] = [
      (
        "engine value",
        {
          for context in evaluationContexts {
            let values = template.evaluate(context, now: EvaluationWorkload.now)
            checksum &+= values.configValue(forKey: key)?.rawValue.utf8.count ?? 0
          }
        }
      ),
      (
        "details, no hooks",
        {
          for context in contexts {
            checksum &+= plain.stringDetails(key, default: "", context: context).value.utf8.count
          }
        }
      ),
      (
        "details, one hook",
        {
          for context in contexts {
            checksum &+= hooked.stringDetails(key, default: "", context: context).value.utf8.count
          }
        }
      ),
    ]
    // A warm-up round, then the best of seven for each.
    for (_, run) in variants { run() }
    var best = [Double](repeating: .infinity, count: variants.count)
    for _ in 0..<7 {
      for (index, (_, run)) in variants.enumerated() {
        best[index] = min(best[index], await Stopwatch.seconds { run() })
      }
    }
    let count = Double(contexts.count)
    for (index, (name, _)) in variants.enumerated() {
      report.figure("\(name): evaluations per second (best round)", count / best[index], unit: "/s")
    }
    report.figure(
      "details, no hooks: time per evaluation beside the engine's",
      (best[1] - best[0]) / count * 1e9, unit: "ns")
    report.figure(
      "details, one hook: time per evaluation beside no hooks", (best[2] - best[1]) / count * 1e9,
      unit: "ns")
    report.note(
      "'\(key)' of 200 parameters, 50 conditions, \(contexts.count) contexts x 7 rounds, one core, checksum \(checksum)"
    )
  }

  /// A workload context in OpenFeature's terms (`EvaluationWorkload.openFeatureContext`).
  /// - Throws: `ContextError` (never, for the workload's contexts).
  static func flagContext(_ context: EvaluationContext) throws -> FlagContext {
    try FlagContext(json: EvaluationWorkload.openFeatureContext(context))
  }
}

/// A hook with every stage left as the default that does nothing: what one hook costs an
/// evaluation before it does any work of its own.
private struct IdleHook: FlagHook {}
