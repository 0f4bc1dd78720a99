import Core
import Foundation

/// String conditions: the string operators over a signal's text, and regex searches within the
/// evaluation's step budget.
extension ConditionProgram {
  /// Whether the signal's text passes `op` against one of the targets `strings[range]`
  /// (for the negative operators, against none), explained in `why` when it is non-nil.
  func evaluateStrings(
    _ slot: SignalSlot, _ op: StringOperator, _ range: Range<Int>, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    guard let actual = text(slot, input, &scratch) else { return missing(slot, &why) }
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

  /// Whether the signal matches one of the patterns `regexes[range]`, searching within the
  /// evaluation's regex budget: a search the remaining steps cannot complete makes the
  /// condition false (abandoned), and every later search too.
  func evaluateRegex(
    _ slot: SignalSlot, _ range: Range<Int>, _ input: EvaluationInput,
    _ scratch: inout EvaluationScratch, why: inout String?
  ) -> Bool {
    guard let actual = text(slot, input, &scratch) else { return missing(slot, &why) }
    var steps = scratch.regexSteps
    var outcome: Bool? = false
    // Search in place: copying a regex out of the table would retain its program.
    regexes.withUnsafeBufferPointer { table in
      for position in range {
        // When no search can run out of steps, steps need no counting: a pattern whose
        // first character cannot begin at any byte of the value is settled unsearched.
        if remembersSearches, !table[position].mayMatch(in: actual) { continue }
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
  }
}
