import Core

/// Runs one source fetch against the client's own deadline, so a source that ignores its
/// `timeout` (or hangs) still fails with `.timeout` on the client's time source. The fetch
/// and the timer run as separate tasks; whichever finishes first wins and cancels the other.
enum FetchDeadline {
  typealias Outcome = Result<TemplateFetchResponse, TemplateSourceError>

  static func fetch(
    from source: any TemplateSource, ifNoneMatch etag: String?, timeout: Duration,
    time: any TimeSource
  ) async -> Outcome {
    let race = FirstOutcome()
    return await withCheckedContinuation { continuation in
      race.install(continuation)
      let fetch = Task {
        do throws(TemplateSourceError) {
          race.offer(.success(try await source.fetchTemplate(ifNoneMatch: etag, timeout: timeout)))
        } catch {
          race.offer(.failure(error))
        }
      }
      let timer = Task {
        do {
          try await time.sleep(for: timeout)
          race.offer(.failure(.timeout))
        } catch {
          // Cancelled: the fetch finished first.
        }
      }
      race.track([fetch, timer])
    }
  }
}

/// The first outcome offered wins; later ones are ignored and the racing tasks are cancelled.
private final class FirstOutcome: Sendable {
  private struct State {
    var continuation: CheckedContinuation<FetchDeadline.Outcome, Never>?
    var outcome: FetchDeadline.Outcome?
    var tasks: [Task<Void, Never>] = []
  }

  private let state = LockedState(State())

  func install(_ continuation: CheckedContinuation<FetchDeadline.Outcome, Never>) {
    let outcome = state.withLock { state in
      if state.outcome == nil { state.continuation = continuation }
      return state.outcome
    }
    if let outcome { continuation.resume(returning: outcome) }
  }

  func track(_ tasks: [Task<Void, Never>]) {
    let finished = state.withLock { state in
      if state.outcome == nil { state.tasks += tasks }
      return state.outcome != nil
    }
    if finished { tasks.forEach { $0.cancel() } }
  }

  func offer(_ outcome: FetchDeadline.Outcome) {
    let (continuation, tasks) = state.withLock {
      state -> (CheckedContinuation<FetchDeadline.Outcome, Never>?, [Task<Void, Never>]) in
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
