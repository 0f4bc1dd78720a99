import Core

/// The draws every fuzz generator makes, on Core's seeded generator, so a seed printed with a
/// failure reproduces the input exactly.
extension SeededRandomGenerator {
  /// A value in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A random element of `items`.
  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  /// True `percent` times in a hundred.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// A length that is usually small and now and then large: most inputs stay cheap, a few
  /// reach the sizes where limits and message cutting matter.
  mutating func length(upTo small: Int, rarely large: Int) -> Int {
    chance(3) ? below(large + 1) : below(small + 1)
  }
}
