import Core

/// Where random fractions in 0..<1 come from: backoff jitter and retry delays. Injected so
/// tests pin jitter to a known value or a seeded sequence.
public struct RandomSource: Sendable {
  private let nextFraction: @Sendable () -> Double

  /// A source that calls `next` for each fraction; values outside 0..<1 are clamped.
  public init(_ next: @escaping @Sendable () -> Double) {
    self.nextFraction = next
  }

  /// The system's random generator.
  public static var system: RandomSource {
    RandomSource { Double.random(in: 0..<1) }
  }

  /// A reproducible sequence from Core's `SeededRandomGenerator`.
  public static func seeded(_ seed: UInt64) -> RandomSource {
    let generator = SharedGenerator(SeededRandomGenerator(seed: seed))
    return RandomSource {
      generator.state.withLock { Double.random(in: 0..<1, using: &$0) }
    }
  }

  /// Always the same fraction, e.g. 0.5 for jitter-free delays in tests.
  public static func constant(_ fraction: Double) -> RandomSource {
    RandomSource { fraction }
  }

  /// The next fraction, in 0..<1 (NaN reads as 0.5).
  public func next() -> Double {
    let value = nextFraction()
    guard value.isFinite else { return 0.5 }
    return min(max(value, 0), 1.nextDown)
  }
}

/// The seeded generator behind `RandomSource.seeded`, shared by every copy of the source.
private final class SharedGenerator: Sendable {
  let state: LockedState<SeededRandomGenerator>

  init(_ generator: SeededRandomGenerator) {
    state = LockedState(generator)
  }
}
