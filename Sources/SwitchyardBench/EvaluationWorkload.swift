import ConfigEngine
import Core
import Foundation

/// The synthetic template and contexts the evaluation benchmark runs.
enum EvaluationWorkload {
  /// The evaluation time: fixed, so every run evaluates the same thing.
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  /// The compiled template and `contexts` contexts, from one seeded generator, so the
  /// benchmark and its probe evaluate the same things.
  static func prepared(contexts: Int) -> (CompiledTemplate, [EvaluationContext]) {
    var random = SeededRandomGenerator(seed: 42)
    let template = CompiledTemplate(self.template(random: &random))
    return (template, (0..<contexts).map { context($0, random: &random) })
  }

  /// The files `switchyard evaluate` reads for the same workload: the template as JSON, a
  /// few in-app defaults, and `contexts` contexts as JSON lines, written a slice at a time
  /// so a million lines do not swell this process (a child's peak memory starts from it).
  /// - Throws: a file error, or `TemplateWriteError` (never, for this template).
  static func writeFiles(
    in directory: URL, contexts count: Int
  ) throws -> (template: URL, defaults: URL, contexts: URL) {
    var random = SeededRandomGenerator(seed: 42)
    let template = directory.appendingPathComponent("template.json")
    try Data(try self.template(random: &random).jsonText().utf8).write(to: template)
    let defaults = directory.appendingPathComponent("defaults.json")
    try Data(#"{"param_0": "in-app", "in_app_only": "yes"}"#.utf8).write(to: defaults)
    let contexts = directory.appendingPathComponent("contexts.jsonl")
    try Data().write(to: contexts)
    let file = try FileHandle(forWritingTo: contexts)
    defer { try? file.close() }
    var lines = JSONTextWriter()
    for index in 0..<count {
      lines.write(.object(context(index, random: &random).jsonObject))
      lines.writeByte(UInt8(ascii: "\n"))
      if lines.bytes.count >= 1 << 20 || index == count - 1 {
        try file.write(contentsOf: lines.bytes)
        lines.bytes.removeAll(keepingCapacity: true)
      }
    }
    return (template, defaults, contexts)
  }

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

  /// `context` in OpenFeature's terms, as an OFREP request's `context` (and a `FlagContext`)
  /// carries it: the randomization id as `targetingKey`, each custom signal as an attribute of
  /// its own, except one named as a context field (`country`), which would set that field and
  /// so rides in `customSignals`.
  static func openFeatureContext(_ context: EvaluationContext) -> JSONObject {
    var attributes = JSONObject([("targetingKey", .string(context.randomizationID ?? ""))])
    var shadowed = JSONObject()
    for (name, signal) in context.customSignals.sorted(by: { $0.key < $1.key }) {
      let value: JSONValue =
        switch signal {
        case .string(let text): .string(text)
        case .number(let number): .number(number)
        }
      if ContextField.named(name) != nil {
        shadowed[name] = value
      } else {
        attributes[name] = value
      }
    }
    if !shadowed.isEmpty { attributes["customSignals"] = .object(shadowed) }
    return attributes
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
