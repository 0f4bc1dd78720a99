import Core
import Foundation
import RootRouting
import SwitchyardTestSupport

/// One call of a held effect: it waits, whatever happens to its task, until the test
/// answers it, like a network request that ignores cancellation and answers late.
final class HeldCall<Argument: Sendable, Answer: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Answer, Never>?
    var answer: Answer?
    var wasCancelled = false
    var cancellationWaiters: [AsyncStream<Void>.Continuation] = []
  }

  /// What the effect was called with.
  let argument: Argument
  private let state = LockedState(State())

  init(_ argument: Argument) {
    self.argument = argument
  }

  /// Whether the task that called the effect was cancelled.
  var wasCancelled: Bool { state.withLock { $0.wasCancelled } }

  /// Ends the call with `answer`.
  func answer(_ answer: Answer) {
    let continuation = state.withLock { state in
      state.answer = answer
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: answer)
  }

  /// Returns once the calling task has been cancelled.
  /// - Throws: `CancellationError` when the test's task is cancelled first (its time limit).
  func cancelled() async throws {
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
  func wait() async -> Answer {
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

/// The calls of one effect, in order: the test takes each with `next()` and answers it.
final class HeldEffect<Argument: Sendable, Answer: Sendable>: Sendable {
  typealias Call = HeldCall<Argument, Answer>

  private struct State {
    var calls: [Call] = []
    var waiters: [AsyncStream<Call>.Continuation] = []
    var count = 0
  }

  private let state = LockedState(State())

  /// How many times the effect was called.
  var callCount: Int { state.withLock { $0.count } }

  /// The effect itself: held until the test answers.
  func call(_ argument: Argument) async -> Answer {
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
  func next() async throws -> Call {
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

/// The runtime's effects, each held until the test answers it.
final class HeldEffects: Sendable {
  let fetches = HeldEffect<Void, RootRuntime.FetchAnswer>()
  let restores = HeldEffect<Void, UserID?>()
  let profileLoads = HeldEffect<UserID, RootRuntime.ProfileAnswer>()
  let storeOpenings = HeldEffect<String, Void>()

  var effects: RootRuntime.Effects {
    RootRuntime.Effects(
      fetchConfig: { [fetches] in await fetches.call(()) },
      restoreSession: { [restores] in await restores.call(()) },
      loadProfile: { [profileLoads] user in await profileLoads.call(user) },
      openStoreURL: { [storeOpenings] url in await storeOpenings.call(url) })
  }
}

/// A clock whose sleeps are held like effects: a sleep returns when the test answers it,
/// even after its task was cancelled (a timer that fires late).
final class HeldTimeSource: TimeSource, Sendable {
  let sleeps = HeldEffect<Duration, Void>()

  var now: Date { TestTime.start }

  func sleep(for duration: Duration) async throws {
    await sleeps.call(duration)
  }
}
