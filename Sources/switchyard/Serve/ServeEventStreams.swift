import Core
import Foundation
import OFREP

/// The listeners of `serve`'s OFREP event stream: each connected provider gets a
/// `refetchEvaluation` event whenever a new template becomes active. A listener keeps only the
/// newest few events it has not been sent (each one supersedes the ones before: it says
/// "evaluate again"), so a provider that stops reading costs bounded memory.
///
/// While anyone listens, every `heartbeatPeriod` each stream gets an SSE comment line, which
/// providers ignore: a proxy or load balancer in front of `serve` (nginx's 60 s read timeout,
/// a cloud balancer's idle timeout) then sees traffic and keeps a quiet stream open.
final class ServeEventStreams: Sendable {
  /// How often a quiet stream gets a comment: under the common 60 s idle timeouts.
  static let heartbeatPeriod = Duration.seconds(25)
  /// The comment: a line starting with `:` and the blank line that ends an SSE block.
  static let heartbeat = Array(": keep-alive\n\n".utf8)

  private struct Listeners {
    var subscribers = StreamSubscribers<[UInt8]>()
    var finished = false
    /// Sends heartbeats while there are listeners.
    var heartbeats: Task<Void, Never>?
  }

  private let listeners = LockedState(Listeners())
  private let timeSource: any TimeSource

  /// Streams whose heartbeats sleep on `timeSource`.
  init(timeSource: any TimeSource) {
    self.timeSource = timeSource
  }

  /// A new listener's stream of event bytes; it ends when `finishAll()` is called.
  func makeStream() -> AsyncStream<[UInt8]> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: [UInt8].self, bufferingPolicy: .bufferingNewest(4))
    let id = listeners.withLock { listeners -> Int? in
      guard !listeners.finished else { return nil }
      if listeners.heartbeats == nil { listeners.heartbeats = startHeartbeats() }
      return listeners.subscribers.add(continuation)
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return stream
  }

  /// Tells every listener that the configuration changed to `version` at `date`.
  func announce(version: String?, at date: Date) {
    send(OFREPEventStream.refetchEvaluationEvent(id: version, etag: version, lastModified: date))
  }

  /// Ends every stream, now and for listeners that come later (at shutdown).
  func finishAll() {
    let (continuations, heartbeats) = listeners.withLock { listeners in
      listeners.finished = true
      defer { listeners.heartbeats = nil }
      return (listeners.subscribers.removeAll(), listeners.heartbeats)
    }
    heartbeats?.cancel()
    for continuation in continuations { continuation.finish() }
  }

  /// How many providers are listening.
  var count: Int { listeners.withLock { $0.subscribers.count } }

  private func send(_ bytes: [UInt8]) {
    listeners.withLock { $0.subscribers.yield(bytes) }
  }

  private func remove(_ id: Int) {
    let (removed, idle) = listeners.withLock {
      listeners -> (AsyncStream<[UInt8]>.Continuation?, Task<Void, Never>?) in
      let removed = listeners.subscribers.remove(id)
      guard listeners.subscribers.count == 0 else { return (removed, nil) }
      defer { listeners.heartbeats = nil }
      return (removed, listeners.heartbeats)
    }
    _ = removed
    idle?.cancel()
  }

  private func startHeartbeats() -> Task<Void, Never> {
    Task { [weak self, timeSource] in
      while !Task.isCancelled {
        do {
          try await timeSource.sleep(for: Self.heartbeatPeriod)
        } catch {
          return
        }
        self?.send(Self.heartbeat)
      }
    }
  }
}
