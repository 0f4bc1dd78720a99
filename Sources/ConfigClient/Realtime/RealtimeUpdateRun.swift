import Core
import Foundation

/// One `events()` run: the connection loop, the message handling and the fetches, in
/// sequence. Messages are handled in order; one that arrives during a fetch waits for it.
struct RealtimeUpdateRun {
  let updater: RealtimeUpdater
  let emit: @Sendable (RealtimeEvent) -> Void
  private var machine: RealtimeConnectionMachine
  /// The highest version already delivered, so a repeated announcement is not delivered
  /// twice while the app has not activated it yet.
  var deliveredVersion: Int?

  /// A run whose retry budget is reduced by the failed attempts in a row an earlier launch
  /// saved in the client's state (Firebase persists its failed-stream count the same way).
  init(updater: RealtimeUpdater, emit: @escaping @Sendable (RealtimeEvent) -> Void) async {
    self.updater = updater
    self.emit = emit
    machine = RealtimeConnectionMachine(
      backoff: updater.settings.reconnectBackoff,
      retryBudget: updater.settings.reconnectAttempts,
      earlierFailures: await updater.client.realtimeFailures)
  }

  /// Connects, listens and reconnects until stopped or cancelled. The failed attempts in a
  /// row are saved in the client's state as they change.
  mutating func run() async {
    while !Task.isCancelled {
      let outcome: RealtimeConnectionMachine.Event
      do {
        let bytes = try await updater.transport.connect()
        _ = handle(.connected)
        await saveFailures()
        emit(.connected)
        guard let ended = await listen(bytes) else { return }
        outcome = ended
      } catch {
        outcome = .connectFailed(error)
      }
      if Task.isCancelled { return }
      let action = handle(outcome)
      await saveFailures()
      switch action {
      case .listen:
        continue
      case .stop(let reason):
        emit(.stopped(reason))
        return
      case .reconnect(let delay):
        emit(.disconnected(Self.error(of: outcome), retryingAfter: delay))
        do {
          try await updater.timeSource.sleep(for: delay)
        } catch {
          return
        }
      }
    }
  }

  /// Saves the machine's failed attempts in a row in the client's state (which saves only
  /// a count that changed).
  private func saveFailures() async {
    await updater.client.recordRealtimeFailures(machine.failedAttempts)
  }

  private mutating func handle(
    _ event: RealtimeConnectionMachine.Event
  ) -> RealtimeConnectionMachine.Action {
    machine.handle(event, now: updater.timeSource.now, randomFraction: updater.random.next())
  }

  private static func error(of event: RealtimeConnectionMachine.Event) -> RealtimeStreamError? {
    switch event {
    case .connectFailed(let error): error
    case .streamEnded(let error): error
    case .connected, .retryIntervalReceived, .featureDisabled: nil
    }
  }

  /// Reads the open stream until it ends; nil when the run was cancelled.
  private mutating func listen(
    _ bytes: AsyncThrowingStream<[UInt8], any Error>
  ) async -> RealtimeConnectionMachine.Event? {
    var framer = RealtimeMessageFramer(maximumMessageBytes: updater.settings.maximumMessageBytes)
    do {
      for try await chunk in bytes {
        for output in framer.append(chunk) where await receive(output) {
          return .featureDisabled
        }
      }
    } catch {
      if Task.isCancelled { return nil }
      return .streamEnded(error as? RealtimeStreamError ?? .connectivity("\(error)"))
    }
    if Task.isCancelled { return nil }
    for output in framer.finish() where await receive(output) {
      return .featureDisabled
    }
    return .streamEnded(nil)
  }

  /// Acts on one framed message; true when it disables the feature.
  private mutating func receive(_ output: RealtimeMessageFramer.Output) async -> Bool {
    let message: RealtimeMessage
    switch output {
    case .oversizedMessage(let limit):
      emit(.messageRejected("a message longer than \(limit) bytes was skipped"))
      return false
    case .message(let bytes):
      do {
        message = try RealtimeMessage(jsonBytes: bytes)
      } catch {
        emit(.messageRejected(error.description))
        return false
      }
    }
    if message.featureDisabled { return true }
    if let interval = message.retryInterval {
      _ = handle(.retryIntervalReceived(interval))
    }
    if let version = message.latestTemplateVersionNumber {
      await update(to: version)
    }
    return false
  }
}
