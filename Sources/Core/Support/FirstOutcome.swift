/// The first outcome offered wins; later ones are ignored and the racing tasks are cancelled.
package final class FirstOutcome<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, Never>?
    var outcome: Value?
    var tasks: [Task<Void, Never>] = []
  }

  private let state = LockedState(State())

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  package init() {}

  package func install(_ continuation: CheckedContinuation<Value, Never>) {
    let outcome = state.withLock { state in
      if state.outcome == nil { state.continuation = continuation }
      return state.outcome
    }
    if let outcome { continuation.resume(returning: outcome) }
  }

  package func track(_ tasks: [Task<Void, Never>]) {
    let finished = state.withLock { state in
      if state.outcome == nil { state.tasks += tasks }
      return state.outcome != nil
    }
    if finished { tasks.forEach { $0.cancel() } }
  }

  package func offer(_ outcome: Value) {
    let (continuation, tasks) = state.withLock {
      state -> (CheckedContinuation<Value, Never>?, [Task<Void, Never>]) in
      guard state.outcome == nil else { return (nil, []) }
      state.outcome = outcome
      defer {
        state.continuation = nil
        state.tasks = []
      }
      return (state.continuation, state.tasks)
    }
    continuation?.resume(returning: outcome)
    tasks.forEach { $0.cancel() }
  }
}
