import Core

/// The listeners of one client's updates or events: one `AsyncStream` each. A listener whose
/// stream ends (its task cancelled, the stream dropped) removes itself; nothing reaches it
/// again.
final class StreamBroadcaster<Element: Sendable>: Sendable {
  private let subscribers = LockedState(StreamSubscribers<Element>())

  /// A new stream that receives every element broadcast from now on. Unbounded: a slow
  /// listener must not lose which keys changed.
  func makeStream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: .unbounded)
    let id = subscribers.withLock { $0.add(continuation) }
    continuation.onTermination = { [weak self] _ in
      // Released outside the lock: releasing a continuation may run arbitrary code.
      _ = self?.subscribers.withLock { $0.remove(id) }
    }
    return stream
  }

  /// How many listeners are registered.
  var count: Int { subscribers.withLock { $0.count } }

  /// Delivers `element` to every listener, in registration order.
  func broadcast(_ element: Element) {
    subscribers.withLock { $0.yield(element) }
  }

  /// Ends every stream, e.g. when the client goes away.
  func finishAll() {
    for continuation in subscribers.withLock({ $0.removeAll() }) {
      continuation.finish()
    }
  }
}
