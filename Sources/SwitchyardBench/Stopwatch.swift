import Core

/// Time elapsed on the continuous clock since the stopwatch was made: the benchmarks' one way
/// of timing, whether a loop, a child process or threads running together.
struct Stopwatch {
  private let start = ContinuousClock.now

  /// Seconds since the stopwatch was made.
  var seconds: Double { (ContinuousClock.now - start).timeInterval }

  /// Milliseconds since the stopwatch was made.
  var milliseconds: Double { seconds * 1_000 }

  /// How many seconds `body` took.
  static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let watch = Stopwatch()
    try await body()
    return watch.seconds
  }
}
