import Core

/// What the event loop shares with the server object: the count of connections served, the
/// request bytes read (what a test waits for before it moves a manual clock, since the loop
/// reads on its own thread), and the signal that the loop has ended, which `shutdown` awaits.
final class ServerStatus: Sendable {
  private struct State {
    var activeConnections = 0
    var receivedBytes = 0
    var finished = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockedState(State())

  /// Connections being served (not those refused or closing).
  var activeConnections: Int {
    state.withLock { $0.activeConnections }
  }

  /// Request bytes read from every connection since the server started.
  var receivedBytes: Int {
    state.withLock { $0.receivedBytes }
  }

  /// Counts bytes read; the loop calls it after each read.
  func received(_ count: Int) {
    state.withLock { $0.receivedBytes += count }
  }

  /// Sets the count; the loop calls it as connections open and close.
  func setActiveConnections(_ count: Int) {
    state.withLock { $0.activeConnections = count }
  }

  /// The loop has ended and released everything: wakes every `waitUntilFinished`.
  func finish() {
    let waiters = state.withLock { state in
      state.finished = true
      state.activeConnections = 0
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the loop has ended.
  func waitUntilFinished() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let finished = state.withLock { state in
        if !state.finished { state.waiters.append(continuation) }
        return state.finished
      }
      if finished { continuation.resume() }
    }
  }
}
