import Foundation

/// State shared by the loopback server's plain threads and the test's tasks, behind an
/// `NSLock`.
///
/// Why not `Synchronization.Mutex`, as everywhere else: on Linux (Swift 6.3) ThreadSanitizer
/// does not see `Mutex`'s ordering between threads made with `Thread`, and reports races on
/// correctly locked state; `NSLock` is a pthread mutex, which it understands, so the
/// `--sanitize=thread` run of the network tests stays meaningful.
final class ThreadLock<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  /// A lock around `state`.
  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with the state while holding the lock.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
