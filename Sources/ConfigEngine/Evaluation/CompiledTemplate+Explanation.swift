public import Core
public import Foundation

extension CompiledTemplate {
  /// The longest reason `explain` gives, in characters (and at most four times as many
  /// Unicode scalars): template targets, names and context values in a reason are cut as
  /// Core's `Excerpt` cuts them, long target lists and long and/or chains say how many more
  /// they hold, and a reason still longer than this is cut. A key's explanation is at most
  /// one reason per conditional value plus one, however large the template.
  public static let maximumReasonLength = 1_000

  /// Explains one key's value for one context: which conditions were false and why, which
  /// one won, and where the value came from. Each reason is at most `maximumReasonLength`
  /// characters.
  ///
  /// The conditions are evaluated in the order `evaluate` uses, with those of other keys
  /// before them when the template has regexes: the regex steps of one evaluation are shared
  /// (`BoundedRegex.maximumEvaluationCost`), so a condition past the budget is false here
  /// exactly when it is false there, and its reason says so.
  public func explain(
    key: String, _ context: EvaluationContext, defaults: InAppDefaults = InAppDefaults(), now: Date
  ) -> Explained<ConfigValue> {
    explain(keys: [key], context, defaults: defaults, now: now)[0]
  }

  /// Explains several keys' values for one context, as `explain(key:)` does for each, but
  /// evaluating each condition once for all of them: explaining every key of a large
  /// template costs one evaluation, not one per key.
  /// - Returns: one explanation per key, in the order of `keys`.
  public func explain(
    keys: [String], _ context: EvaluationContext, defaults: InAppDefaults = InAppDefaults(),
    now: Date
  ) -> [Explained<ConfigValue>] {
    let parameters = keys.map { storage.parameterIndex[$0].map { storage.parameters[$0] } }
    var trace = ConditionTrace(
      storage, needed: parameters.flatMap { $0?.conditionalValues.map(\.condition) ?? [] })
    return EvaluationInput.with(context, now: now) { input in
      storage.program.withScratch { scratch in
        zip(keys, parameters).map { key, parameter in
          guard let parameter else { return explainAbsent(key, defaults) }
          return explain(parameter, defaults, &trace, input, &scratch)
        }
      }
    }
  }

  private func explain(
    _ parameter: CompiledParameter, _ defaults: InAppDefaults, _ trace: inout ConditionTrace,
    _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> Explained<ConfigValue> {
    let key = parameter.key
    var reasons: [Reason] = []
    var winner: (name: String, value: CompiledParameter.Value)?
    for conditional in parameter.conditionalValues {
      let (result, reason) = trace.outcome(of: conditional.condition, input, &scratch)
      reasons.append(reason)
      if result {
        winner = (Excerpt.quoted(storage.program.names[conditional.condition]), conditional.value)
        break
      }
    }
    let value: ConfigValue
    switch winner {
    case (let name, .string(let text))?:
      value = ConfigValue(key: key, rawValue: text, source: .remote)
      reasons.append(.because("the value of condition \(name) applies"))
    case (let name, .inAppDefault)?:
      value = inAppValue(key, defaults)
      reasons.append(.because("condition \(name) says useInAppDefault; \(inAppWording(value))"))
    case nil:
      let noWinner =
        parameter.conditionalValues.isEmpty ? "no conditional values" : "no condition applies"
      switch parameter.defaultValue {
      case .string(let text):
        value = ConfigValue(key: key, rawValue: text, source: .remote)
        reasons.append(.because("\(noWinner); the parameter's default value applies"))
      case .inAppDefault:
        value = inAppValue(key, defaults)
        reasons.append(
          .because("\(noWinner) and the parameter has no default value; \(inAppWording(value))"))
      }
    }
    return Explained(value, reasons: reasons)
  }

  /// A key the template does not have: the in-app default, or nothing.
  private func explainAbsent(_ key: String, _ defaults: InAppDefaults) -> Explained<ConfigValue> {
    let shown = Excerpt.quoted(key)
    if let value = defaults[key] {
      return Explained(
        ConfigValue(key: key, rawValue: value, source: .default),
        reasons: [.because("\(shown) is not in the template; the in-app default applies")])
    }
    return Explained(
      .missing(key: key),
      reasons: [.because("\(shown) is defined nowhere; its value is empty (static)")])
  }

  private func inAppWording(_ value: ConfigValue) -> String {
    value.source == .default
      ? "the in-app default applies" : "there is no in-app default, so the value is empty (static)"
  }
}

/// The conditions of one explanation, evaluated once each and in template order (as
/// `evaluate` does), with the reasons of those an explained key needs.
private struct ConditionTrace {
  private let program: ConditionProgram
  /// Every condition some parameter has a value for, in template order.
  private let order: [Int]
  /// How far along `order` evaluation has come.
  private var cursor = 0
  /// Per condition: whether an explained key needs its reason.
  private var isNeeded: [Bool]
  /// Per condition: its result and reason, once evaluated with a reason.
  private var outcomes: [(result: Bool, reason: Reason)?]

  init(_ storage: CompiledTemplate.Storage, needed: [Int]) {
    program = storage.program
    order = storage.masks.referencedConditions
    isNeeded = Array(repeating: false, count: program.roots.count)
    outcomes = Array(repeating: nil, count: program.roots.count)
    for condition in needed { isNeeded[condition] = true }
  }

  /// Condition `condition`'s result and reason, evaluating the conditions before it that
  /// are not evaluated yet. Those no key needs are evaluated without a reason, and only when
  /// the template has regexes (whose shared budget makes order matter).
  mutating func outcome(
    of condition: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> (result: Bool, reason: Reason) {
    while outcomes[condition] == nil, cursor < order.count {
      let next = order[cursor]
      cursor += 1
      if isNeeded[next] {
        var why: String? = ""
        let result = program.evaluate(condition: next, input, &scratch, why: &why)
        let name = Excerpt.quoted(program.names[next])
        let message = "condition \(name) is \(result): \(why ?? "")"
        outcomes[next] = (
          result, .because(Excerpt.of(message, length: CompiledTemplate.maximumReasonLength))
        )
      } else if !program.regexes.isEmpty {
        _ = program.isTrue(condition: next, input, &scratch)
      }
    }
    // Every condition a parameter has a value for is in `order`, so it is evaluated by now.
    return outcomes[condition] ?? (false, .because("condition not evaluated"))
  }
}
