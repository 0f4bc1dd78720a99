public import Foundation

/// A clock that moves only when a test moves it. Sleepers wake when `advance` passes their
/// deadline, so time-based rules are tested without real waiting.
///
/// ```swift
/// let time = ManualTimeSource(now: start)
/// async let fired = timer.run(time)       // sleeps 10 s
/// await time.waitForSleepers(count: 1)     // the timer is now waiting
/// time.advance(by: .seconds(10))           // and wakes
/// ```
public final class ManualTimeSource: TimeSource, Sendable {
  private struct Sleeper {
    let id: UInt64
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct SleeperWaiter {
    let id: UInt64
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var now: Date
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    /// Sleeps that have an id but have not registered yet; a cancellation that lands in
    /// that window is remembered here so the sleep throws when it registers.
    var starting: [UInt64: Bool] = [:]
    var sleeperWaiters: [SleeperWaiter] = []
  }

  private let state: LockedState<State>

  /// A clock that reads `now` until advanced.
  public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
    state = LockedState(State(now: now))
  }

  /// The time it was made with, set to or advanced to: it never moves by itself.
  public var now: Date { state.withLock { $0.now } }

  /// How many sleeps are waiting for the clock to move.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Moves the clock forward and wakes every sleeper whose deadline has come.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.addingTimeInterval(duration.timeInterval)
      return Self.takeDue(&state)
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Sets the clock to `date` (forward or back) and wakes every sleeper now due.
  public func set(to date: Date) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = date
      return Self.takeDue(&state)
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Suspends until the clock has been advanced by `duration`.
  public func sleep(for duration: Duration) async throws {
    let (id, deadline) = state.withLock { state -> (UInt64, Date) in
      state.nextID += 1
      state.starting[state.nextID] = false
      return (state.nextID, state.now.addingTimeInterval(duration.timeInterval))
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, satisfied) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
          let cancelled = state.starting.removeValue(forKey: id) ?? false
          if cancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, Self.takeSatisfiedWaiters(&state))
        }
        if let outcome { continuation.resume(with: outcome) }
        for waiter in satisfied { waiter.resume() }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if state.starting[id] != nil {
          state.starting[id] = true
          return nil
        }
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Returns once at least `count` sleeps are waiting, so a test can advance the clock
  /// knowing the code under test is already asleep. Returns early if the waiting task is
  /// cancelled (a test's time limit), so a test that went wrong fails instead of hanging.
  public func waitForSleepers(count: Int) async {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          if state.sleepers.count >= count || Task.isCancelled { return true }
          state.sleeperWaiters.append(
            SleeperWaiter(id: id, count: count, continuation: continuation))
          return false
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> SleeperWaiter? in
        guard let index = state.sleeperWaiters.firstIndex(where: { $0.id == id }) else {
          return nil
        }
        return state.sleeperWaiters.remove(at: index)
      }
      waiter?.continuation.resume()
    }
  }

  private static func takeDue(_ state: inout State) -> [Sleeper] {
    let now = state.now
    let due = state.sleepers.filter { $0.deadline <= now }
    state.sleepers.removeAll { $0.deadline <= now }
    return due.sorted { $0.deadline < $1.deadline }
  }

  private static func takeSatisfiedWaiters(
    _ state: inout State
  ) -> [CheckedContinuation<Void, Never>] {
    let count = state.sleepers.count
    let satisfied = state.sleeperWaiters.filter { $0.count <= count }
    state.sleeperWaiters.removeAll { $0.count <= count }
    return satisfied.map(\.continuation)
  }
}
