import ConfigEngine
import Core
import Foundation

extension Benchmark {
  /// Full template evaluations per second: 200 parameters, 50 conditions mixing percent,
  /// string, regex, numeric and semantic-version tests with nested and/or, over 10,000
  /// contexts, on one core; then the release `switchyard evaluate` over the same template
  /// and contexts as a JSON-lines file, the whole process: lines per second and peak memory.
  static let evaluation = Benchmark(
    name: "evaluation",
    summary: "Full evaluations of a 200-parameter, 50-condition template over 10,000 contexts."
  ) { report, settings in
    // The command first, while this process is small: a child's peak memory starts from
    // its parent's (see `MeasuredChild`).
    let command = try EvaluateCommandBenchmark.measure(lines: settings.evaluateLines)
    let (template, contexts) = EvaluationWorkload.prepared(contexts: 10_000)
    let now = EvaluationWorkload.now
    var checksum = 0
    // Warm up caches and the allocator before timing.
    for context in contexts.prefix(1_000) {
      checksum &+=
        template.evaluate(context, now: now).configValue(forKey: "param_0")?.rawValue.utf8.count
        ?? 0
    }
    // Each round evaluates every context once; the best round is the machine's speed with
    // the least interference from neighbours, the median what a busy machine gives.
    let rounds = 9
    var times: [Double] = []
    var cpuTimes: [Double] = []
    for _ in 0..<rounds {
      let cpuStart = ResourceUsage.cpuSeconds()
      times.append(
        await Stopwatch.seconds {
          for context in contexts {
            let values = template.evaluate(context, now: now)
            checksum &+= values.configValue(forKey: "param_17")?.rawValue.utf8.count ?? 0
          }
        })
      if let cpuStart, let cpuEnd = ResourceUsage.cpuSeconds() {
        cpuTimes.append(cpuEnd - cpuStart)
      }
    }
    times.sort()
    cpuTimes.sort()
    let perRound = Double(contexts.count)
    report.figure("evaluations per second (best round)", perRound / times[0], unit: "/s")
    report.figure("evaluations per second (median round)", perRound / times[rounds / 2], unit: "/s")
    report.figure("time per evaluation (best round)", times[0] / perRound * 1e9, unit: "ns")
    report.note(
      "200 parameters, 50 conditions, \(contexts.count) contexts x \(rounds) rounds, one core, checksum \(checksum)"
    )
    // CPU time leaves out the time the core spent on other processes: on a shared machine
    // it is the steadier figure.
    if let best = cpuTimes.first, best > 0 {
      report.figure("evaluations per second of CPU time (best round)", perRound / best, unit: "/s")
    }
    command.report(to: report)
  }
}
