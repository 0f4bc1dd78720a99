import Core

/// Runs work against a deadline on a time source: whichever comes first, the work's result,
/// the deadline or the caller's cancellation, is the answer at once.
///
/// The work and the timer run as tasks of their own; the loser is cancelled but never waited
/// for, so work stuck where cancellation cannot reach it (a platform call that does not
/// return) cannot hold the caller past its deadline.
enum FetchDeadline {
  typealias Outcome = Result<TemplateFetchResponse, TemplateSourceError>

  /// The error a cancelled fetch reports; the caller that cancelled it ignores it anyway.
  static let cancelled = TemplateSourceError.connectivity("the fetch was cancelled")

  /// One source fetch against the client's own deadline, so a source that ignores its
  /// `timeout` (or hangs) still fails with `.timeout` on the client's time source.
  static func fetch(
    from source: any TemplateSource, _ request: TemplateFetchRequest, time: any TimeSource
  ) async -> Outcome {
    await race(
      timeout: request.timeout, time: time, timedOut: .failure(.timeout),
      cancelled: .failure(cancelled)
    ) {
      do throws(TemplateSourceError) {
        return .success(try await source.fetchTemplate(request))
      } catch {
        return .failure(error)
      }
    }
  }

  /// `operation`'s result, or `timedOut` once `timeout` has passed on `time`, or `cancelled`
  /// once the calling task is cancelled: whichever comes first.
  static func race<Value: Sendable>(
    timeout: Duration, time: any TimeSource, timedOut: Value, cancelled: Value,
    _ operation: @escaping @Sendable () async -> Value
  ) async -> Value {
    let race = FirstOutcome<Value>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.install(continuation)
        let work = Task { race.offer(await operation()) }
        let timer = Task {
          do {
            try await time.sleep(for: timeout)
            race.offer(timedOut)
          } catch {
            // Cancelled: the work finished first.
          }
        }
        race.track([work, timer])
      }
    } onCancel: {
      race.offer(cancelled)
    }
  }
}

/// The first outcome offered wins; later ones are ignored and the racing tasks are cancelled.
final class FirstOutcome<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, Never>?
    var outcome: Value?
    var tasks: [Task<Void, Never>] = []
  }

  private let state = LockedState(State())

  func install(_ continuation: CheckedContinuation<Value, Never>) {
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

  func offer(_ outcome: Value) {
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
