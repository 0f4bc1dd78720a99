/// A condition that moved relative to the other conditions both templates hold: the first
/// true condition in template order wins, so a move can change which value a user gets.
public struct ConditionMove: Sendable, Equatable {
  /// The condition's name.
  public var name: String
  /// Its index in the old template's conditions, from 0.
  public var oldIndex: Int
  /// Its index in the new template's conditions, from 0.
  public var newIndex: Int

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(name: String, oldIndex: Int, newIndex: Int) {
    self.name = name
    self.oldIndex = oldIndex
    self.newIndex = newIndex
  }

  /// The fewest moves that put the conditions `old` and `new` share into `new`'s order:
  /// those outside a longest run of shared conditions already in order, in `new`'s order.
  /// Conditions added or removed shift the others' indices without moving them.
  static func moves(from old: [String], to new: [String]) -> [ConditionMove] {
    let newIndex = Dictionary(new.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    // The shared conditions in old order, each with its index in both lists.
    let shared = old.enumerated().compactMap { oldIndex, name in
      newIndex[name].map { (name: name, oldIndex: oldIndex, newIndex: $0) }
    }
    let kept = longestIncreasingRun(shared.map(\.newIndex))
    return shared.indices.filter { !kept.contains($0) }
      .map {
        ConditionMove(
          name: shared[$0].name, oldIndex: shared[$0].oldIndex, newIndex: shared[$0].newIndex)
      }
      .sorted { $0.newIndex < $1.newIndex }
  }

  /// The positions of a longest strictly increasing subsequence of `values` (patience
  /// sorting, O(n log n)); of several, the one ending earliest at each length.
  private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    // tails[k]: the position of the smallest last value of an increasing run of length k+1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run: Set<Int> = []
    var position = tails.last ?? -1
    while position >= 0 {
      run.insert(position)
      position = previous[position]
    }
    return run
  }
}
