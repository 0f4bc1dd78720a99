import ConfigClient
import Core
import Foundation

extension Benchmark {
  /// Full template evaluations per second: 200 parameters, 50 conditions mixing percent,
  /// string, regex, numeric and semantic-version tests with nested and/or, over 10,000
  /// contexts, on one core.
  static let evaluation = Benchmark(
    name: "evaluation",
    summary: "Full evaluations of a 200-parameter, 50-condition template over 10,000 contexts."
  ) { report in
    var random = SeededRandomGenerator(seed: 42)
    let template = CompiledTemplate(EvaluationWorkload.template(random: &random))
    let contexts = (0..<10_000).map { EvaluationWorkload.context($0, random: &random) }
    let now = Date(timeIntervalSince1970: 1_767_225_600)
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
    for _ in 0..<rounds {
      times.append(
        report.time {
          for context in contexts {
            let values = template.evaluate(context, now: now)
            checksum &+= values.configValue(forKey: "param_17")?.rawValue.utf8.count ?? 0
          }
        })
    }
    times.sort()
    let perRound = Double(contexts.count)
    report.figure("evaluations per second (best round)", perRound / times[0], unit: "/s")
    report.figure("evaluations per second (median round)", perRound / times[rounds / 2], unit: "/s")
    report.figure("time per evaluation (best round)", times[0] / perRound * 1e9, unit: "ns")
    report.note(
      "200 parameters, 50 conditions, \(contexts.count) contexts x \(rounds) rounds, one core, checksum \(checksum)"
    )
  }
}

/// The synthetic template and contexts the evaluation benchmark runs.
enum EvaluationWorkload {
  static func template(random: inout SeededRandomGenerator) -> Template {
    var conditions: [NamedCondition] = []
    for index in 0..<50 {
      conditions.append(
        NamedCondition(name: "condition_\(index)", condition: condition(index, random: &random)))
    }
    var parameters: [TemplateParameter] = []
    for index in 0..<200 {
      var conditional: [ConditionalValue] = []
      for _ in 0..<3 {
        let name = "condition_\(Int.random(in: 0..<50, using: &random))"
        if !conditional.contains(where: { $0.conditionName == name }) {
          conditional.append(
            ConditionalValue(conditionName: name, value: .value("value_\(index)_\(name)")))
        }
      }
      parameters.append(
        TemplateParameter(
          key: "param_\(index)", defaultValue: .value("default_\(index)"),
          conditionalValues: conditional))
    }
    return Template(conditions: conditions, parameters: parameters, versionNumber: 1)
  }

  private static func condition(_ index: Int, random: inout SeededRandomGenerator) -> Condition {
    let signals = ["grade", "tier", "country", "build", "version"]
    let leaf: Condition
    switch index % 6 {
    case 0:
      leaf = .percent(
        PercentCondition(
          seed: "seed_\(index % 4)", range: .atMost(Int.random(in: 0...100_000_000, using: &random))
        ))
    case 1:
      leaf = .signal(
        SignalCondition(.customSignal("tier"), .string(.exactlyMatches, ["paid", "trial", "gold"])))
    case 2:
      leaf = .signal(
        SignalCondition(.customSignal("country"), .string(.containsRegex, ["^J[PA]$", "U[SK]"])))
    case 3:
      leaf = .signal(
        SignalCondition(.customSignal("grade"), .numeric(.greaterOrEqual, [String(index % 6 + 1)])))
    case 4:
      leaf = .signal(
        SignalCondition(.customSignal("version"), .version(.greaterOrEqual, ["2.\(index % 10).0"])))
    default:
      leaf = .signal(
        SignalCondition(
          .customSignal(signals[index % signals.count]), .string(.contains, ["a", "1"])))
    }
    // Every third condition nests the leaf in and/or layers with a second test.
    guard index % 3 == 0 else { return leaf }
    let other = Condition.signal(
      SignalCondition(.customSignal("tier"), .string(.doesNotContain, ["banned"])))
    return .or([
      .and([leaf, other]),
      .and([
        .percent(PercentCondition(seed: "nested", range: .between(lower: 0, upper: 5_000_000))),
        other,
      ]),
    ])
  }

  static func context(_ index: Int, random: inout SeededRandomGenerator) -> EvaluationContext {
    let tiers = ["free", "paid", "trial", "gold", " paid "]
    let countries = ["JP", "US", "UK", "JA", "FR"]
    return EvaluationContext(
      randomizationID: "user-\(index)-\(random.next() % 1_000_000)",
      customSignals: [
        "grade": .number(JSONNumber(Int.random(in: 1...6, using: &random))),
        "tier": .string(tiers[Int.random(in: 0..<tiers.count, using: &random)]),
        "country": .string(countries[Int.random(in: 0..<countries.count, using: &random)]),
        "version": .string(
          "2.\(Int.random(in: 0...12, using: &random)).\(Int.random(in: 0...3, using: &random))"),
        "build": .string(String(Int.random(in: 100...999, using: &random))),
      ])
  }
}
