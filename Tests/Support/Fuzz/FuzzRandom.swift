import Core
import Foundation
package import Testing

/// The draws every fuzz generator makes, on Core's seeded generator, so a seed printed with a
/// failure reproduces the input exactly.
extension SeededRandomGenerator {
  /// A value in `0..<bound`.
  package mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A random element of `items`.
  package mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  /// True `percent` times in a hundred.
  package mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// A length that is usually small and now and then large: most inputs stay cheap, a few
  /// reach the sizes where limits and message cutting matter.
  package mutating func length(upTo small: Int, rarely large: Int) -> Int {
    chance(3) ? below(large + 1) : below(small + 1)
  }
}

/// How much fuzzing a run does. CI runs the fixed seeds; a campaign beyond CI sets
/// `SWITCHYARD_FUZZ_SCALE=N` to run N times as many (the fixed seeds, then seeds derived
/// from them), e.g. `SWITCHYARD_FUZZ_SCALE=200 swift test --filter Fuzz`.
package enum FuzzBudget {
  /// The multiplier, at least 1.
  package static let scale: Int = {
    let text = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_SCALE"] ?? ""
    return max(1, Int(text) ?? 1)
  }()

  /// The time limit of a fuzz suite: `minutes` for CI's amount, scaled with it.
  package static func timeLimit(minutes: Int) -> TimeLimitTrait {
    .timeLimit(.minutes(minutes * scale))
  }

  /// `seeds`, followed by `scale - 1` further seeds for each, every one printed with a failure.
  package static func seeds(_ seeds: [UInt64]) -> [UInt64] {
    seeds + (1..<scale).flatMap { round in seeds.map { $0 &+ UInt64(round) << 40 } }
  }
}
