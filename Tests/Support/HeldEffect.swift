import Core

/// The calls of one effect, in order: the test takes each with `next()` and answers it.
package final class HeldEffect<Argument: Sendable, Answer: Sendable>: Sendable {
  package typealias Call = HeldCall<Argument, Answer>

  private struct State {
    var calls: [Call] = []
    var waiters: [AsyncStream<Call>.Continuation] = []
    var count = 0
  }

  private let state = LockedState(State())

  package init() {}

  /// How many times the effect was called.
  package var callCount: Int { state.withLock { $0.count } }

  /// The effect itself: held until the test answers.
  package func call(_ argument: Argument) async -> Answer {
    let call = Call(argument)
    state.withLock { state in
      state.count += 1
      // A waiter whose test gave up (its stream ended) does not take the call.
      while !state.waiters.isEmpty {
        if case .enqueued = state.waiters.removeFirst().yield(call) { return }
      }
      state.calls.append(call)
    }
    return await call.wait()
  }

  /// The next call not yet taken, once it is made.
  /// - Throws: `CancellationError` when the test's task is cancelled first (its time limit).
  package func next() async throws -> Call {
    let (stream, continuation) = AsyncStream.makeStream(of: Call.self)
    let call = state.withLock { state in
      if state.calls.isEmpty { state.waiters.append(continuation) }
      return state.calls.isEmpty ? nil : state.calls.removeFirst()
    }
    if let call { return call }
    for await call in stream { return call }
    throw CancellationError()
  }
}
