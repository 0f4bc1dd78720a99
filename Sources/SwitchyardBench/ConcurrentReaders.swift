import Core
import Foundation

/// Runs one read loop on each of several threads at once and times them together.
enum ConcurrentReaders {
  /// Starts `readers` threads that each run `body(reads)`; returns the wall time until the
  /// last finished and the sum of what they returned.
  static func run(
    readers: Int, reads: Int, _ body: @escaping @Sendable (Int) -> Int
  ) -> (seconds: Double, trues: Int) {
    let total = LockedState(0)
    let group = DispatchGroup()
    let watch = Stopwatch()
    for _ in 0..<readers {
      group.enter()
      let thread = Thread {
        let result = body(reads)
        total.withLock { $0 += result }
        group.leave()
      }
      thread.start()
    }
    group.wait()
    return (watch.seconds, total.withLock { $0 })
  }
}
