import Core

/// The listeners of one client's updates or events: one `AsyncStream` each. A listener whose
/// stream ends (its task cancelled, the stream dropped) removes itself; nothing reaches it
/// again.
final class StreamBroadcaster<Element: Sendable>: Sendable {
  private struct Listeners {
    var nextID = 0
    var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
  }

  private let listeners = LockedState(Listeners())

  /// A new stream that receives every element broadcast from now on. Unbounded: a slow
  /// listener must not lose which keys changed.
  func makeStream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: .unbounded)
    let id = listeners.withLock { listeners in
      let id = listeners.nextID
      listeners.nextID += 1
      listeners.continuations[id] = continuation
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.remove(id)
    }
    return stream
  }

  /// How many listeners are registered.
  var count: Int { listeners.withLock { $0.continuations.count } }

  /// Delivers `element` to every listener, in registration order.
  func broadcast(_ element: Element) {
    let continuations = listeners.withLock { listeners in
      listeners.continuations.sorted { $0.key < $1.key }.map(\.value)
    }
    for continuation in continuations {
      continuation.yield(element)
    }
  }

  /// Ends every stream, e.g. when the client goes away.
  func finishAll() {
    let continuations = listeners.withLock { listeners in
      let all = Array(listeners.continuations.values)
      listeners.continuations = [:]
      return all
    }
    for continuation in continuations {
      continuation.finish()
    }
  }

  private func remove(_ id: Int) {
    // Dropped outside the lock: releasing a continuation may run arbitrary code.
    let removed = listeners.withLock { $0.continuations.removeValue(forKey: id) }
    _ = removed
  }
}
