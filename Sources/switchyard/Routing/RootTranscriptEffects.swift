import Core
import Foundation
import RootRouting

/// The runtime's effects for a `root` transcript: every fetch, restore, profile load and
/// loading timer waits until a line of the transcript answers it, like a network request
/// that ignores cancellation, so an answer to work the runtime has given up (a load for a
/// user who signed out, a cancelled timer) still reaches the runtime, which drops it. The
/// store opens at once. Also the runtime's clock: its time stands still and its sleeps are
/// the loading timers.
final class RootTranscriptEffects: TimeSource, Sendable {
  /// A call waiting for its answer, taken by the line that answers it.
  struct Call<Answer: Sendable>: Sendable {
    fileprivate let continuation: CheckedContinuation<Answer, Never>
    /// The line whose actions started the work.
    let line: Int

    /// Ends the call with `answer`.
    func answer(_ answer: Answer) {
      continuation.resume(returning: answer)
    }
  }

  private struct State {
    var fetches: [Call<RootRuntime.FetchAnswer>] = []
    var restores: [Call<UserID?>] = []
    var profileLoads: [(user: UserID, call: Call<RootRuntime.ProfileAnswer>)] = []
    var sleeps: [Call<Void>] = []
    /// How many calls were made, and the wait for a number of them.
    var callCount = 0
    var awaitedCount: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    /// The line being answered.
    var line = 0
  }

  /// The time the transcript's evaluations and the runtime's clock read.
  let now: Date
  private let state = LockedState(State())

  init(now: Date) {
    self.now = now
  }

  /// The runtime's effects: each call waits for its line.
  var effects: RootRuntime.Effects {
    RootRuntime.Effects(
      fetchConfig: { [self] in await wait(\.fetches) },
      restoreSession: { [self] in await wait(\.restores) },
      loadProfile: { [self] user in
        await withCheckedContinuation { continuation in
          called { state in
            state.profileLoads.append((user, Call(continuation: continuation, line: state.line)))
          }
        }
      },
      openStoreURL: { _ in })
  }

  /// A loading timer: it fires when a `loadingTimedOut` line answers it.
  func sleep(for duration: Duration) async throws {
    await wait(\.sleeps)
  }

  private func wait<Answer: Sendable>(
    _ calls: WritableKeyPath<State, [Call<Answer>]>
  ) async -> Answer {
    await withCheckedContinuation { continuation in
      called { state in
        state[keyPath: calls].append(Call(continuation: continuation, line: state.line))
      }
    }
  }

  /// Records a call with `record` and wakes the wait for it.
  private func called(_ record: (inout State) -> Void) {
    let done = state.withLock { state -> CheckedContinuation<Void, Never>? in
      record(&state)
      state.callCount += 1
      guard let awaited = state.awaitedCount, state.callCount >= awaited.count else { return nil }
      state.awaitedCount = nil
      return awaited.continuation
    }
    done?.resume()
  }

  /// Sets the line being answered: calls made from now on were started by it.
  func begin(line: Int) {
    state.withLock { $0.line = line }
  }

  /// Returns once `count` more calls than so far were made: the work a step's actions
  /// started, each in a task of its own, is waiting before the next line is read.
  func calls(_ count: Int, after earlier: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.callCount >= earlier + count { return true }
        state.awaitedCount = (earlier + count, continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// How many calls were made so far.
  var callCount: Int { state.withLock { $0.callCount } }

  /// How many calls wait for an answer.
  var waitingCount: Int {
    state.withLock { state in
      state.fetches.count + state.restores.count + state.profileLoads.count + state.sleeps.count
    }
  }

  /// The oldest fetch waiting, taken to be answered; nil when none waits.
  func takeFetch() -> Call<RootRuntime.FetchAnswer>? {
    take(\.fetches)
  }

  /// The oldest restore waiting, taken to be answered; nil when none waits.
  func takeRestore() -> Call<UserID?>? {
    take(\.restores)
  }

  /// The oldest loading timer waiting, taken to fire; nil when none waits.
  func takeTimer() -> Call<Void>? {
    take(\.sleeps)
  }

  /// The oldest load of `user`'s profile waiting, taken to be answered; nil when none waits.
  func takeProfileLoad(of user: UserID) -> Call<RootRuntime.ProfileAnswer>? {
    state.withLock { state in
      guard let index = state.profileLoads.firstIndex(where: { $0.user == user }) else {
        return nil
      }
      return state.profileLoads.remove(at: index).call
    }
  }

  private func take<Answer: Sendable>(
    _ calls: WritableKeyPath<State, [Call<Answer>]>
  ) -> Call<Answer>? {
    state.withLock { $0[keyPath: calls].isEmpty ? nil : $0[keyPath: calls].removeFirst() }
  }

  /// Ends every call still waiting, once the runtime has stopped (which ignores the
  /// answers), so no task outlives the transcript.
  func endAll() {
    let state = state.withLock { state in
      defer { state = State(line: state.line) }
      return state
    }
    for call in state.fetches { call.answer(.failed(reason: "ended")) }
    for call in state.restores { call.answer(nil) }
    for load in state.profileLoads { load.call.answer(.failed(reason: "ended")) }
    for call in state.sleeps { call.answer(()) }
    state.awaitedCount?.continuation.resume()
  }
}
