import Core

/// A one-way signal: once opened it stays open, and everyone waiting (or coming later)
/// proceeds. Tests synchronise on it instead of sleeping.
public final class SignalLatch: Sendable {
  private let state = LockedState<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// A closed latch.
  public init() {}

  /// Whether the latch has been opened.
  public var isOpen: Bool { state.withLock { $0.isOpen } }

  /// Opens the latch and wakes every waiter.
  public func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the latch is open.
  public func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }
}
