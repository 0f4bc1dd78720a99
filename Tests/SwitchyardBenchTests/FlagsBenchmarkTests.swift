import ConfigEngine
import Core
import FlagEvaluation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardBench

/// What the flags benchmark compares must be the same work: each workload context in
/// OpenFeature's terms (as the OFREP benchmark sends it too) is the context the engine
/// evaluates, so the details answer the engine's value.
@Suite("switchyard-bench flags benchmark")
struct FlagsBenchmarkTests {
  @Test(
    "each workload context, as a FlagContext, maps back to itself and answers the engine's value")
  func sameWork() throws {
    let (template, contexts) = EvaluationWorkload.prepared(contexts: 200)
    let flags = FlagEvaluator(
      source: TemplateFlagSource(
        template: template, timeSource: ManualTimeSource(now: EvaluationWorkload.now)))
    for context in contexts {
      let flagContext = try Benchmark.flagContext(context)
      #expect(try flagContext.evaluationContext() == context)
      let engine = template.evaluate(context, now: EvaluationWorkload.now)
      #expect(
        flags.stringDetails("param_17", default: "", context: flagContext).value
          == engine.configValue(forKey: "param_17")?.rawValue)
    }
  }

  @Test(
    "a figure is written with two decimals below 100 and grouped above, a negative one with its sign",
    arguments: [
      (2.345, "2.35"), (-2.4, "-2.40"), (-0.001, "0.00"), (-150.4, "-150"),
      (57_900.2, "57,900"),
    ])
  func figure(value: Double, text: String) {
    let capture = CapturedBenchIO()
    BenchmarkReport(io: capture.io, benchmark: "flags").figure("change", value, unit: "%")
    #expect(capture.outputLines == ["flags  change  \(text)  %"])
  }
}
