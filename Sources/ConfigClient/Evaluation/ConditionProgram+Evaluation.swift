import Core
import Foundation

/// What one evaluation reads: the context and the instant `dateTime` conditions compare with.
struct EvaluationInput {
  let context: EvaluationContext
  /// `context.now`, or the caller's time source when the context gives none.
  let now: Date
}

/// Per-evaluation memory: each named condition's result, each seed's bucket and each custom
/// signal's value, computed at most once, and the regex steps left. Backed by
/// stack-allocated buffers so an evaluation does not touch the heap for it.
struct EvaluationScratch {
  /// 0 = not evaluated yet, 1 = false, 2 = true.
  var conditionResults: UnsafeMutableBufferPointer<UInt8>
  /// -1 = not computed yet, else the micro-percentile for that seed.
  var buckets: UnsafeMutableBufferPointer<Int>
  /// Per `signalKeys` entry: 0 = not looked up yet, 1 = missing, 2 = in `signalValues`.
  var signalStates: UnsafeMutableBufferPointer<UInt8>
  var signalValues: UnsafeMutableBufferPointer<CustomSignalValue>
  /// The steps the evaluation's regex searches may still take, all searches together
  /// (`BoundedRegex.maximumEvaluationCost` at the start).
  var regexSteps = BoundedRegex.maximumEvaluationCost
  /// Set when the condition being evaluated reached a regex search the remaining steps could
  /// not complete: the condition is then false, whatever its other parts say.
  var isConditionAbandoned = false
}

extension ConditionProgram {
  /// Firebase's nesting limit: a node reached at this level or deeper is false. Each
  /// `and`/`or` layer adds two levels.
  static let maximumNestingLevel = 10

  /// Runs `body` with fresh scratch memory sized for this program.
  func withScratch<Result>(_ body: (inout EvaluationScratch) -> Result) -> Result {
    let flags = roots.count + signalKeys.count
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(flags, 1)) { bytes in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: max(seeds.count, 1)) { buckets in
        withUnsafeTemporaryAllocation(
          of: CustomSignalValue.self, capacity: max(signalKeys.count, 1)
        ) { values in
          bytes.initialize(repeating: 0)
          buckets.initialize(repeating: -1)
          var scratch = EvaluationScratch(
            conditionResults: UnsafeMutableBufferPointer(rebasing: bytes[0..<roots.count]),
            buckets: buckets,
            signalStates: UnsafeMutableBufferPointer(rebasing: bytes[roots.count..<flags]),
            signalValues: values)
          defer {
            // Only the values that were looked up were initialised.
            for index in 0..<signalKeys.count where scratch.signalStates[index] == 2 {
              values.deinitializeElement(at: index)
            }
          }
          return body(&scratch)
        }
      }
    }
  }

  /// The custom signal `index` of `signalKeys` from the context, looked up once per
  /// evaluation.
  private func customSignal(
    _ index: Int, _ context: EvaluationContext, _ scratch: inout EvaluationScratch
  ) -> CustomSignalValue? {
    switch scratch.signalStates[index] {
    case 1: return nil
    case 2: return scratch.signalValues[index]
    default:
      guard let value = context.customSignals[signalKeys[index]] else {
        scratch.signalStates[index] = 1
        return nil
      }
      scratch.signalValues.initializeElement(at: index, to: value)
      scratch.signalStates[index] = 2
      return value
    }
  }

  /// Whether named condition `index` is true, evaluated at most once per scratch.
  func isTrue(condition index: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch)
    -> Bool
  {
    switch scratch.conditionResults[index] {
    case 1: return false
    case 2: return true
    default:
      var untraced: String? = nil
      return evaluate(condition: index, input, &scratch, why: &untraced)
    }
  }

  /// Evaluates named condition `index` and records its result in `scratch`. A condition
  /// that reached a regex search the evaluation's remaining steps could not complete is
  /// false. Since the steps are shared, a condition's result can depend on the conditions
  /// evaluated before it; `evaluate` and `explain` both go in template order.
  func evaluate(
    condition index: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch,
    why: inout String?
  ) -> Bool {
    scratch.isConditionAbandoned = false
    let result =
      evaluate(node: roots[index], level: 0, input, &scratch, why: &why)
      && !scratch.isConditionAbandoned
    scratch.conditionResults[index] = result ? 2 : 1
    return result
  }

  /// Evaluates one node. When `why` is non-nil the node also explains its result there
  /// (the explain path); when nil no text is built (the hot path).
  func evaluate(
    node index: Int, level: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch,
    why: inout String?
  ) -> Bool {
    guard level < Self.maximumNestingLevel else {
      if why != nil {
        why = "nested deeper than Firebase's limit of \(Self.maximumNestingLevel) levels"
      }
      return false
    }
    switch nodes[index] {
    case .constant(let value):
      if why != nil { why = value ? "true" : "false" }
      return value
    case .and(let range):
      return evaluateAll(range, isAnd: true, level: level, input, &scratch, why: &why)
    case .or(let range):
      return evaluateAll(range, isAnd: false, level: level, input, &scratch, why: &why)
    case .percent(let seed, let range):
      return evaluatePercent(seed: seed, range: range, input, &scratch, why: &why)
    case .strings(let slot, let op, let range):
      return evaluateStrings(slot, op, range, input.context, &scratch, why: &why)
    case .regex(let slot, let range):
      guard let actual = text(slot, input.context, &scratch) else { return missing(slot, &why) }
      var steps = scratch.regexSteps
      var outcome: Bool? = false
      // Search in place: copying a regex out of the table would retain its program.
      regexes.withUnsafeBufferPointer { table in
        for position in range {
          outcome = table[position].search(actual[...], budget: &steps)
          if outcome != false { break }
        }
      }
      guard let matched = outcome else {
        // Out of steps: this condition is false, and so is every later one that needs a
        // search, so the evaluation's regex work stays within its budget.
        scratch.regexSteps = 0
        scratch.isConditionAbandoned = true
        if why != nil {
          why =
            "\(describe(slot)) \(Self.quoted(actual)): regex search stopped, as all the "
            + "searches of one evaluation may take \(BoundedRegex.maximumEvaluationCost) steps "
            + "together and this one would exceed them; the condition is false"
        }
        return false
      }
      scratch.regexSteps = steps
      if why != nil {
        let patterns = Self.list(regexes[range].lazy.map(\.pattern))
        let limit = regexes[range].map(\.inputLengthLimit).min() ?? BoundedRegex.maximumInputLength
        let unsearched =
          !matched && actual.count > limit
          ? " (values over \(limit) characters are not searched)" : ""
        why =
          "\(describe(slot)) \(Self.quoted(actual)) \(matched ? "matches" : "matches none of") [\(patterns)]"
          + unsearched
      }
      return matched
    case .numeric(let slot, let op, let target):
      guard let raw = text(slot, input.context, &scratch) else { return missing(slot, &why) }
      guard let actual = number(slot, input.context, &scratch) else {
        if why != nil { why = "\(describe(slot)) \(Self.quoted(raw)) is not a number" }
        return false
      }
      let result = op.holds(actual, target)
      if why != nil {
        why = comparison(describe(slot), Excerpt.of(raw), op, JSONNumber(target).literal, result)
      }
      return result
    case .version(let slot, let op, let target):
      guard let raw = text(slot, input.context, &scratch) else { return missing(slot, &why) }
      guard let actual = SemanticVersion(ConfigValueParser.trimmed(raw)) else {
        if why != nil { why = "\(describe(slot)) \(Self.quoted(raw)) is not a valid version" }
        return false
      }
      let result = op.holds(actual, target)
      if why != nil {
        why = comparison(describe(slot), actual.description, op, target.description, result)
      }
      return result
    case .audience(let op, let range):
      guard let audiences = input.context.audiences else { return missing(.audiences, &why) }
      let targets = strings[range]
      let result: Bool
      switch op {
      case .inAtLeastOne: result = targets.contains { audiences.contains($0) }
      case .notInAtLeastOne: result = targets.contains { !audiences.contains($0) }
      case .inAll: result = targets.allSatisfy { audiences.contains($0) }
      case .notInAll: result = !targets.contains { audiences.contains($0) }
      }
      if why != nil {
        why =
          "app.audiences \(result ? "satisfies" : "fails") \(op.rawValue)([\(Self.list(targets))])"
      }
      return result
    case .time(let slot, let op, let instant, let text):
      let actual: Date
      switch slot {
      case .evaluationTime: actual = input.context.now ?? input.now
      default:
        guard let firstOpen = input.context.firstOpenTime else { return missing(slot, &why) }
        actual = firstOpen
      }
      let result = op.holds(actual.timeIntervalSince1970, instant)
      if why != nil {
        why = comparison(describe(slot), Timestamp.format(actual), op, strings[text], result)
      }
      return result
    case .never(let reason):
      if why != nil { why = strings[reason] }
      return false
    }
  }

  private func evaluateAll(
    _ range: Range<Int>, isAnd: Bool, level: Int, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    guard why == nil else {
      return explainAll(range, isAnd: isAnd, level: level, input, &scratch, why: &why)
    }
    for child in children[range] {
      let result = evaluate(node: child, level: level + 2, input, &scratch, why: &why)
      // The deciding child: false in an and, true in an or; or an abandoned search.
      if result != isAnd || scratch.isConditionAbandoned {
        return result && !scratch.isConditionAbandoned
      }
    }
    return isAnd
  }

  /// `evaluateAll` with the reason: the deciding child's, or the children's joined. Once
  /// the joined reasons hold as much as a reason can show, the other children are evaluated
  /// without one (explaining costs no more than evaluating), unless one of them decides.
  private func explainAll(
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

  private func evaluatePercent(
    seed: Int, range: PercentTest, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    guard let id = input.context.randomizationID, !id.isEmpty else {
      if why != nil { why = "no randomization id, so percent conditions are false" }
      return false
    }
    var bucket = scratch.buckets[seed]
    if bucket < 0 {
      bucket = PercentBucket.microPercentile(seed: seeds[seed], randomizationID: id)
      scratch.buckets[seed] = bucket
    }
    let result: Bool
    let statement: String?
    switch range {
    case .atMost(let bound):
      result = bucket <= bound
      statement =
        why == nil ? nil : "\(Self.percent(bucket)) \(result ? "<=" : ">") \(Self.percent(bound))"
    case .above(let bound):
      result = bucket > bound
      statement =
        why == nil ? nil : "\(Self.percent(bucket)) \(result ? ">" : "<=") \(Self.percent(bound))"
    case .between(let lower, let upper):
      result = lower < bucket && bucket <= upper
      statement =
        why == nil
        ? nil
        : "\(Self.percent(bucket)) \(result ? "is" : "is not") between \(Self.percent(lower)) and \(Self.percent(upper))"
    }
    if let statement {
      why =
        (seeds[seed].isEmpty ? "percent " : "percent(\(Excerpt.quoted(seeds[seed]))) ")
        + statement
    }
    return result
  }

  private func evaluateStrings(
    _ slot: SignalSlot, _ op: StringOperator, _ range: Range<Int>, _ context: EvaluationContext,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    guard let actual = text(slot, context, &scratch) else { return missing(slot, &why) }
    let result: Bool
    switch op {
    case .contains: result = anyTarget(range) { UTF8Text.contains(actual, $0) }
    case .doesNotContain: result = !anyTarget(range) { UTF8Text.contains(actual, $0) }
    case .exactlyMatches:
      let trimmed = ConfigValueParser.trimmed(actual)
      result = anyTarget(range) { UTF8Text.equal(trimmed, $0) }
    case .containsRegex: result = false  // compiled into `.regex` nodes
    case .equals: result = anyTarget(range) { UTF8Text.equal(actual, $0) }
    case .notEquals: result = !anyTarget(range) { UTF8Text.equal(actual, $0) }
    }
    if why != nil {
      let list = Self.list(strings[range])
      let verb: String
      switch op {
      case .contains: verb = result ? "contains one of" : "contains none of"
      case .doesNotContain: verb = result ? "contains none of" : "contains one of"
      case .exactlyMatches: verb = result ? "exactly matches one of" : "exactly matches none of"
      case .containsRegex: verb = "matches"
      case .equals: verb = result ? "is one of" : "is none of"
      case .notEquals: verb = result ? "is none of" : "is one of"
      }
      why = "\(describe(slot)) \(Self.quoted(actual)) \(verb) [\(list)]"
    }
    return result
  }

  /// Whether any target string in `range` satisfies `test`, reading targets in place.
  private func anyTarget(_ range: Range<Int>, _ test: (String) -> Bool) -> Bool {
    strings.withUnsafeBufferPointer { buffer in
      for position in range where test(buffer[position]) { return true }
      return false
    }
  }

  private func missing(_ slot: SignalSlot, _ why: inout String?) -> Bool {
    if why != nil { why = "\(describe(slot)) missing" }
    return false
  }

  private func comparison(
    _ subject: String, _ actual: String, _ op: ComparisonOperator, _ target: String, _ result: Bool
  ) -> String {
    "\(subject) \(actual) \(result ? op.rawValue : "is not \(op.rawValue)") \(target)"
  }

  /// The signal's value as string operators see it; nil when the context lacks it.
  func text(
    _ slot: SignalSlot, _ context: EvaluationContext, _ scratch: inout EvaluationScratch
  ) -> String? {
    switch slot {
    case .customSignal(let index): customSignal(index, context, &scratch)?.text
    case .userProperty(let key): context.userProperties[strings[key]]
    case .appID: context.appID
    case .appVersion: context.appVersion
    case .appBuild: context.appBuild
    case .platform: context.platform
    case .country: context.country
    case .language: context.language
    case .installationID: context.installationID
    case .audiences, .firstOpenTime, .evaluationTime: nil
    }
  }

  /// The signal's value as numeric operators see it.
  private func number(
    _ slot: SignalSlot, _ context: EvaluationContext, _ scratch: inout EvaluationScratch
  ) -> Double? {
    if case .customSignal(let index) = slot {
      return customSignal(index, context, &scratch)?.number
    }
    return text(slot, context, &scratch).flatMap { ConfigValueParser.number($0) }
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
