import Core

/// One call of a held effect: it waits, whatever happens to its task, until the test
/// answers it, like a network request that ignores cancellation and answers late.
package final class HeldCall<Argument: Sendable, Answer: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Answer, Never>?
    var answer: Answer?
    var wasCancelled = false
    var cancellationWaiters: [AsyncStream<Void>.Continuation] = []
  }

  /// What the effect was called with.
  package let argument: Argument
  private let state = LockedState(State())

  package init(_ argument: Argument) {
    self.argument = argument
  }

  /// Whether the task that called the effect was cancelled.
  package var wasCancelled: Bool { state.withLock { $0.wasCancelled } }

  /// Ends the call with `answer`.
  package func answer(_ answer: Answer) {
    let continuation = state.withLock { state in
      state.answer = answer
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: answer)
  }

  /// Returns once the calling task has been cancelled.
  /// - Throws: `CancellationError` when the test's task is cancelled first (its time limit).
  package func cancelled() async throws {
    while !wasCancelled {
      let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
      let now = state.withLock { state in
        if !state.wasCancelled { state.cancellationWaiters.append(continuation) }
        return state.wasCancelled
      }
      if now { return }
      for await _ in stream { break }
      try Task.checkCancellation()
    }
  }

  /// Suspends the calling task until `answer(_:)`, noting a cancellation on the way.
  package func wait() async -> Answer {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let answer = state.withLock { state in
          if state.answer == nil { state.continuation = continuation }
          return state.answer
        }
        if let answer { continuation.resume(returning: answer) }
      }
    } onCancel: {
      let waiters = state.withLock { state in
        state.wasCancelled = true
        defer { state.cancellationWaiters = [] }
        return state.cancellationWaiters
      }
      for waiter in waiters { waiter.yield() }
    }
  }
}
