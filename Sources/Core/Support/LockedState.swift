import Foundation

/// A value behind a lock: the one primitive for mutable state that must be read
/// synchronously from any thread (a client's active snapshot, a test clock).
///
/// Built on `NSLock`, a pthread mutex, rather than `Synchronization.Mutex`: on Linux,
/// ThreadSanitizer does not see `Mutex`'s futex-based ordering and reports races on
/// correctly locked state, which would make `swift test --sanitize=thread` useless. It also
/// keeps the lock usable on every platform Foundation runs on.
package final class LockedState<Value>: @unchecked Sendable {
  // Safe to mark Sendable: every access to `value` happens under `lock`.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value and returns its result.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
