import Core
import Foundation
import OFREP

/// The listeners of `serve`'s OFREP event stream: each connected provider gets a
/// `refetchEvaluation` event whenever a new template becomes active. A listener keeps only the
/// newest few events it has not been sent (each one supersedes the ones before: it says
/// "evaluate again"), so a provider that stops reading costs bounded memory.
final class ServeEventStreams: Sendable {
  private struct Listeners {
    var nextID = 0
    var continuations: [Int: AsyncStream<[UInt8]>.Continuation] = [:]
    var finished = false
  }

  private let listeners = LockedState(Listeners())

  init() {}

  /// A new listener's stream of event bytes; it ends when `finishAll()` is called.
  func makeStream() -> AsyncStream<[UInt8]> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: [UInt8].self, bufferingPolicy: .bufferingNewest(4))
    let id = listeners.withLock { listeners -> Int? in
      guard !listeners.finished else { return nil }
      let id = listeners.nextID
      listeners.nextID += 1
      listeners.continuations[id] = continuation
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.listeners.withLock { _ = $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Tells every listener that the configuration changed to `version` at `date`.
  func announce(version: String?, at date: Date) {
    let event = OFREPEventStream.refetchEvaluationEvent(
      id: version, etag: version, lastModified: date)
    for continuation in listeners.withLock({ Array($0.continuations.values) }) {
      continuation.yield(event)
    }
  }

  /// Ends every stream, now and for listeners that come later (at shutdown).
  func finishAll() {
    let continuations = listeners.withLock { listeners in
      listeners.finished = true
      return Array(listeners.continuations.values)
    }
    for continuation in continuations { continuation.finish() }
  }

  /// How many providers are listening.
  var count: Int { listeners.withLock { $0.continuations.count } }
}
