/// Which conditions each parameter has a value for, as bit masks over the template's
/// conditions, so choosing every parameter's value after evaluating the conditions costs a
/// few AND and count-trailing-zeros instructions instead of a chain of unpredictable
/// branches per parameter.
///
/// Conditions are numbered in template order, so a parameter's winner, the first of its
/// conditions in template order that is true, is the lowest set bit of `mask & results`.
struct ParameterConditionMasks: Sendable {
  /// Conditions at least one parameter has a value for, in template order: the only ones
  /// evaluation needs to compute.
  let referencedConditions: [Int]
  /// 64-bit words in a set of condition results.
  let wordCount: Int
  /// Parameter `p`'s entries are `start[p]..<start[p + 1]`, one per result word its
  /// conditions fall in, in word order.
  private let start: [Int]
  private let words: [Int]
  private let masks: [UInt64]
  /// With at most 64 conditions, one mask per parameter (0 for none), read in one pass
  /// without the entry tables.
  private let singleWordMasks: [UInt64]?

  /// Masks for parameters whose conditional values test `conditions[p]` (sorted indices
  /// into the template's `conditionCount` conditions).
  init(conditionCount: Int, conditions: [[Int]]) {
    var start = [0]
    var words: [Int] = []
    var masks: [UInt64] = []
    var referenced = Set<Int>()
    for parameterConditions in conditions {
      for condition in parameterConditions {
        referenced.insert(condition)
        let word = condition >> 6
        let bit = UInt64(1) << UInt64(condition & 63)
        if words.count > start[start.count - 1], words[words.count - 1] == word {
          masks[masks.count - 1] |= bit
        } else {
          words.append(word)
          masks.append(bit)
        }
      }
      start.append(words.count)
    }
    self.referencedConditions = referenced.sorted()
    self.wordCount = (conditionCount + 63) / 64
    self.start = start
    self.words = words
    self.masks = masks
    self.singleWordMasks =
      wordCount > 1
      ? nil
      : (0..<conditions.count).map { start[$0] < start[$0 + 1] ? masks[start[$0]] : 0 }
  }

  /// Each parameter's winning condition given which conditions hold, or -1 when none of its
  /// conditions holds: `isTrue` is asked once for each of `referencedConditions`, in
  /// template order.
  func winners(isTrue: (Int) -> Bool) -> [Int32] {
    let count = start.count - 1
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(wordCount, 1)) {
      results in
      results.initialize(repeating: 0)
      for condition in referencedConditions where isTrue(condition) {
        results[condition >> 6] |= UInt64(1) << UInt64(condition & 63)
      }
      return [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
        if let singleWordMasks {
          let word = results[0]
          singleWordMasks.withUnsafeBufferPointer { masks in
            for index in 0..<count {
              let hits = masks[index] & word
              buffer.initializeElement(
                at: index,
                to: hits == 0 ? -1 : Int32(truncatingIfNeeded: hits.trailingZeroBitCount))
            }
          }
        } else {
          for index in 0..<count {
            buffer.initializeElement(at: index, to: winner(parameter: index, results: results))
          }
        }
        initialized = count
      }
    }
  }

  /// Parameter `parameter`'s winning condition given the set of true conditions, or -1.
  private func winner(parameter: Int, results: UnsafeMutableBufferPointer<UInt64>) -> Int32 {
    for entry in start[parameter]..<start[parameter + 1] {
      let hits = masks[entry] & results[words[entry]]
      if hits != 0 {
        return Int32(truncatingIfNeeded: words[entry] << 6 + hits.trailingZeroBitCount)
      }
    }
    return -1
  }
}
