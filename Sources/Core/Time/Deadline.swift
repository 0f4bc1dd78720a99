/// Runs work against a deadline on a time source: whichever comes first, the work's result,
/// the deadline or the caller's cancellation, is the answer at once.
///
/// The work and the timer run as tasks of their own; the loser is cancelled but never waited
/// for, so work stuck where cancellation cannot reach it (a platform call that does not
/// return) cannot hold the caller past its deadline.
package enum Deadline {
  /// `operation`'s result, or `timedOut` once `timeout` has passed on `time`, or `cancelled`
  /// once the calling task is cancelled: whichever comes first.
  package static func race<Value: Sendable>(
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
