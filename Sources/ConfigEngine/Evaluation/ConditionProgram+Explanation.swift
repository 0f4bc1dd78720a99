import Core

/// The text of explanations: how conditions read when `explain` says why.
extension ConditionProgram {
  /// `holds(node:level:_:_:)` for an and or an or, with the reason: the deciding child's, or the children's joined. Once
  /// the joined reasons hold as much as a reason can show, the other children are evaluated
  /// without one (explaining costs no more than evaluating), unless one of them decides.
  func explainAll(
    _ range: Range<Int>, isAnd: Bool, level: Int, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    var explanations: [String] = []
    var explained = 0
    var omitted = 0
    for child in children[range] {
      let explains = explained < CompiledTemplate.maximumReasonLength
      let steps = scratch.regexSteps
      var childWhy: String? = explains ? "" : nil
      var result = evaluate(node: child, level: level + 2, input, &scratch, why: &childWhy)
      if !explains, result != isAnd || scratch.isConditionAbandoned {
        // Again with its reason, from the same regex budget: the same steps, the same result.
        scratch.regexSteps = steps
        scratch.isConditionAbandoned = false
        childWhy = ""
        result = evaluate(node: child, level: level + 2, input, &scratch, why: &childWhy)
      }
      if result != isAnd || scratch.isConditionAbandoned {
        why = childWhy
        return result && !scratch.isConditionAbandoned
      }
      if let childWhy {
        explained += childWhy.utf8.count
        explanations.append(childWhy)
      } else {
        omitted += 1
      }
    }
    let joined = explanations.joined(separator: isAnd ? " and " : "; and ")
    if explanations.isEmpty {
      why = isAnd ? "empty and-condition (true)" : "empty or-condition (false)"
    } else if omitted > 0 {
      // Cut so that the count still fits in the reason.
      let shown = Excerpt.of(joined, length: CompiledTemplate.maximumReasonLength / 2)
      why = shown + " (and \(omitted) more)"
    } else {
      why = joined
    }
    return isAnd
  }

  func missing(_ slot: SignalSlot, _ why: inout String?) -> Bool {
    if why != nil { why = "\(describe(slot)) missing" }
    return false
  }

  func comparison(
    _ subject: String, _ actual: String, _ op: ComparisonOperator, _ target: String, _ result: Bool
  ) -> String {
    "\(subject) \(actual) \(result ? op.rawValue : "is not \(op.rawValue)") \(target)"
  }

  /// The signal as explanations name it, e.g. `customSignal 'grade'`.
  func describe(_ slot: SignalSlot) -> String {
    let signal: Signal
    switch slot {
    case .customSignal(let index): signal = .customSignal(signalKeys[index])
    case .userProperty(let key): signal = .userProperty(strings[key])
    case .appID: signal = .appID
    case .appVersion: signal = .appVersion
    case .appBuild: signal = .appBuild
    case .platform: signal = .platform
    case .country: signal = .country
    case .language: signal = .language
    case .installationID: signal = .installationID
    case .audiences: signal = .audiences
    case .firstOpenTime: signal = .firstOpenTime
    case .evaluationTime: signal = .evaluationTime
    }
    return signal.description
  }

  /// A context value in quotes for an explanation, cut by Core's `Excerpt` rule to its
  /// first 60 characters (with the full length) so a huge value cannot flood the output.
  static func quoted(_ value: String) -> String {
    let (shown, isCut) = Excerpt.cut(value)
    guard isCut else { return "'\(shown)'" }
    return "'\(shown)...' (\(value.count) characters)"
  }

  /// The characters of target lists an explanation shows before it says how many more
  /// there are.
  static let maximumListLength = 300

  /// Template targets for an explanation: each in quotes and cut as context values are,
  /// and only as many as fit in about `maximumListLength` characters, then how many more:
  /// `'a', 'b' and 4998 more`. A template's long lists cost every reason the same few
  /// hundred characters, however many keys an explanation covers.
  static func list(_ targets: some Collection<String>) -> String {
    var text = ""
    var shown = 0
    for target in targets {
      guard text.utf8.count < maximumListLength else {
        return text + " and \(targets.count - shown) more"
      }
      if shown > 0 { text += ", " }
      text += Excerpt.quoted(target)
      shown += 1
    }
    return text
  }

  /// Micro-percent as a percent with up to six decimals: 87_400_000 -> `87.4`.
  static func percent(_ micro: Int) -> String {
    let whole = micro / 1_000_000
    var fraction = micro % 1_000_000
    guard fraction != 0 else { return String(whole) }
    var digits = 6
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let text = String(fraction)
    return "\(whole)." + String(repeating: "0", count: digits - text.count) + text
  }
}
