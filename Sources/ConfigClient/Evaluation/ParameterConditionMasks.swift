/// Which conditions each parameter has a value for, as bit masks over the template's
/// conditions, so choosing every parameter's value after evaluating the conditions costs a
/// few AND and count-trailing-zeros instructions instead of a chain of unpredictable
/// branches per parameter.
///
/// A parameter's conditional values are sorted by condition index (template order), so the
/// winner is the lowest set bit of `mask & results`, and its position among the parameter's
/// values is the number of mask bits below it.
struct ParameterConditionMasks: Sendable {
  /// Conditions at least one parameter has a value for, in template order: the only ones
  /// evaluation needs to compute.
  let referencedConditions: [Int]
  /// 64-bit words in a set of condition results.
  let wordCount: Int
  /// Parameter `p`'s entries are `start[p]..<start[p + 1]`, one per result word its
  /// conditions fall in.
  private let start: [Int]
  private let words: [Int]
  private let masks: [UInt64]
  /// How many of the parameter's conditional values come before the entry's word.
  private let valuesBefore: [Int]

  /// Masks for parameters whose conditional values test `conditions[p]` (sorted indices
  /// into the template's `conditionCount` conditions).
  init(conditionCount: Int, conditions: [[Int]]) {
    var start = [0]
    var words: [Int] = []
    var masks: [UInt64] = []
    var valuesBefore: [Int] = []
    var referenced = Set<Int>()
    for parameterConditions in conditions {
      var count = 0
      for condition in parameterConditions {
        referenced.insert(condition)
        let word = condition >> 6
        let bit = UInt64(1) << UInt64(condition & 63)
        if words.count > start[start.count - 1], words[words.count - 1] == word {
          masks[masks.count - 1] |= bit
        } else {
          words.append(word)
          masks.append(bit)
          valuesBefore.append(count)
        }
        count += 1
      }
      start.append(words.count)
    }
    self.referencedConditions = referenced.sorted()
    self.wordCount = (conditionCount + 63) / 64
    self.start = start
    self.words = words
    self.masks = masks
    self.valuesBefore = valuesBefore
  }

  /// The position of parameter `parameter`'s winning conditional value given the set of
  /// true conditions, or -1 when none of its conditions is true.
  @inline(__always)
  func choice(parameter: Int, results: UnsafeMutableBufferPointer<UInt64>) -> Int32 {
    for entry in start[parameter]..<start[parameter + 1] {
      let mask = masks[entry]
      let hits = mask & results[words[entry]]
      if hits != 0 {
        let below = mask & ((UInt64(1) << UInt64(hits.trailingZeroBitCount)) &- 1)
        return Int32(valuesBefore[entry] + below.nonzeroBitCount)
      }
    }
    return -1
  }
}
