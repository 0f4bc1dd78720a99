import Core
import Foundation

extension ConditionProgram {
  /// Firebase's nesting limit: a node reached at this level or deeper is false. Each
  /// `and`/`or` layer adds two levels.
  static let maximumNestingLevel = 10

  /// Runs `body` with fresh scratch memory sized for this program.
  func withScratch<Result>(_ body: (inout EvaluationScratch) -> Result) -> Result {
    let conditions = roots.count
    let signals = signalKeys.count
    let tests = tests.count
    // One byte per condition, per test and per signal.
    let flags = conditions + tests + signals
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(flags, 1)) { bytes in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: max(seeds.count, 1)) { buckets in
        withUnsafeTemporaryAllocation(of: SignalReading.self, capacity: max(signals, 1)) {
          readings in
          bytes.initialize(repeating: 0)
          buckets.initialize(repeating: -1)
          func flags(_ start: Int, _ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
            UnsafeMutableBufferPointer(rebasing: bytes[start..<(start + count)])
          }
          var scratch = EvaluationScratch(
            conditionResults: flags(0, conditions),
            testResults: flags(conditions, tests),
            buckets: buckets,
            signalStates: flags(conditions + tests, signals),
            signals: readings)
          defer {
            // Only the signals that were looked up were initialised.
            for index in 0..<signals where scratch.signalStates[index] == 2 {
              readings.deinitializeElement(at: index)
            }
          }
          return body(&scratch)
        }
      }
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
    let known = why == nil ? knownResult(of: roots[index], scratch) : 0
    let result =
      known != 0
      ? known == 2
      : evaluate(node: roots[index], level: 0, input, &scratch, why: &why)
        && !scratch.isConditionAbandoned
    scratch.conditionResults[index] = result ? 2 : 1
    return result
  }

  /// Whether node `index` holds: the hot path, which builds no text. A test's result is
  /// kept for the rest of the evaluation, so a test repeated across conditions costs one
  /// comparison. Kept small, as most calls end at a test: and/or are `holdsAll`.
  func holds(
    node index: Int, level: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> Bool {
    guard level < Self.maximumNestingLevel else { return false }
    switch nodes[index] {
    case .test(let test):
      let known = scratch.testResults[test]
      return known != 0 ? known == 2 : computeTest(test, input, &scratch)
    case .constant(let value): return value
    case .never: return false
    case .and(let range): return holdsAll(range, isAnd: true, level: level, input, &scratch)
    case .or(let range): return holdsAll(range, isAnd: false, level: level, input, &scratch)
    }
  }

  /// Whether an and (`isAnd`) or an or of `children[range]` holds: an and stops at its first
  /// false child, an or at its first true one, and both at an abandoned search.
  @inline(never)
  private func holdsAll(
    _ range: Range<Int>, isAnd: Bool, level: Int, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch
  ) -> Bool {
    for position in range {
      let child = children[position]
      let known = level + 2 < Self.maximumNestingLevel ? knownResult(of: child, scratch) : 0
      let result =
        known != 0 ? known == 2 : holds(node: child, level: level + 2, input, &scratch)
      if result != isAnd || scratch.isConditionAbandoned {
        return result && !scratch.isConditionAbandoned
      }
    }
    return isAnd
  }

  /// Computes `tests[test]` for `holds`, which found no kept result.
  @inline(never)
  private func computeTest(
    _ test: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch
  ) -> Bool {
    var untraced: String? = nil
    return evaluate(test: test, input, &scratch, why: &untraced)
  }

  /// A test node's kept result (1 = false, 2 = true), or 0 when the node is not a test or
  /// its test has not run yet: read in place, so a repeated test costs no call.
  @inline(__always)
  private func knownResult(of node: Int, _ scratch: EvaluationScratch) -> UInt8 {
    guard case .test(let test) = nodes[node] else { return 0 }
    return scratch.testResults[test]
  }

  /// Evaluates one node. When `why` is non-nil the node also explains its result there
  /// (the explain path); when nil this is `holds(node:level:_:_:)`.
  func evaluate(
    node index: Int, level: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch,
    why: inout String?
  ) -> Bool {
    guard why != nil else { return holds(node: index, level: level, input, &scratch) }
    guard level < Self.maximumNestingLevel else {
      why = "nested deeper than Firebase's limit of \(Self.maximumNestingLevel) levels"
      return false
    }
    switch nodes[index] {
    case .constant(let value):
      why = value ? "true" : "false"
      return value
    case .and(let range):
      return explainAll(range, isAnd: true, level: level, input, &scratch, why: &why)
    case .or(let range):
      return explainAll(range, isAnd: false, level: level, input, &scratch, why: &why)
    case .test(let test):
      return evaluate(test: test, input, &scratch, why: &why)
    case .never(let reason):
      why = strings[reason]
      return false
    }
  }

  private func isSearch(_ test: Int) -> Bool {
    if case .regex = tests[test] { return true }
    return false
  }

  /// Evaluates `tests[index]`, explaining the result in `why` when it is non-nil, and keeps
  /// the result for `holds(node:level:_:_:)`. A search cut short by the budget is not a result to
  /// keep; nor is any search's when the budget can run out, as each occurrence must then
  /// spend its steps again.
  private func evaluate(
    test index: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch,
    why: inout String?
  ) -> Bool {
    let result = evaluateUnrecorded(test: index, input, &scratch, why: &why)
    if !scratch.isConditionAbandoned, remembersSearches || !isSearch(index) {
      scratch.testResults[index] = result ? 2 : 1
    }
    return result
  }

  private func evaluateUnrecorded(
    test index: Int, _ input: EvaluationInput, _ scratch: inout EvaluationScratch,
    why: inout String?
  ) -> Bool {
    switch tests[index] {
    case .percent(let seed, let range):
      return evaluatePercent(seed: seed, range: range, input, &scratch, why: &why)
    case .strings(let slot, let op, let range):
      return evaluateStrings(slot, op, range, input, &scratch, why: &why)
    case .regex(let slot, let range):
      return evaluateRegex(slot, range, input, &scratch, why: &why)
    case .numeric(let slot, let op, let target):
      // The value's text is read only to explain: the number alone decides.
      guard let actual = number(slot, input, &scratch) else {
        guard why != nil else { return false }
        guard let raw = text(slot, input, &scratch) else { return missing(slot, &why) }
        why = "\(describe(slot)) \(Self.quoted(raw)) is not a number"
        return false
      }
      let result = op.holds(actual, target)
      if why != nil, let raw = text(slot, input, &scratch) {
        why = comparison(describe(slot), Excerpt.of(raw), op, JSONNumber(target).literal, result)
      }
      return result
    case .version(let slot, let op, let target):
      guard let actual = version(slot, input, &scratch) else {
        guard why != nil else { return false }
        guard let raw = text(slot, input, &scratch) else { return missing(slot, &why) }
        why = "\(describe(slot)) \(Self.quoted(raw)) is not a valid version"
        return false
      }
      let result = op.holds(actual, target)
      if why != nil {
        why = comparison(describe(slot), actual.description, op, target.description, result)
      }
      return result
    case .audience(let op, let range):
      guard let audiences = input.context.pointee.audiences else {
        return missing(.audiences, &why)
      }
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
      case .evaluationTime: actual = input.context.pointee.now ?? input.now
      default:
        guard let firstOpen = input.context.pointee.firstOpenTime else {
          return missing(slot, &why)
        }
        actual = firstOpen
      }
      let result = op.holds(actual.timeIntervalSince1970, instant)
      if why != nil {
        why = comparison(describe(slot), Timestamp.format(actual), op, strings[text], result)
      }
      return result
    }
  }
}
