import Core
import Foundation

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
}
