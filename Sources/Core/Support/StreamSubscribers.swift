/// The streams one kind of element is published to: the bookkeeping every publisher of
/// `AsyncStream`s shares (the client's updates and events, the root runtime's routes and
/// steps, `serve`'s event stream). Kept inside the publisher's own lock, so that every
/// subscriber sees the elements in the order they were decided.
package struct StreamSubscribers<Element: Sendable>: Sendable {
  private var nextID = 0
  private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]

  /// No subscribers yet.
  package init() {}

  /// How many subscribers are listening.
  package var count: Int { continuations.count }

  /// Adds a subscriber and returns its id, for `remove(_:)` when its consumer stops.
  package mutating func add(_ continuation: AsyncStream<Element>.Continuation) -> Int {
    nextID += 1
    continuations[nextID] = continuation
    return nextID
  }

  /// Removes a subscriber. Returns its continuation so that the caller releases it outside
  /// the lock.
  package mutating func remove(_ id: Int) -> AsyncStream<Element>.Continuation? {
    continuations.removeValue(forKey: id)
  }

  /// Delivers `element` to every subscriber in the order they subscribed. Yielding only
  /// enqueues (it runs none of the consumer's code), so it is safe under the lock; a
  /// subscriber whose stream has ended is dropped.
  package mutating func yield(_ element: Element) {
    for id in continuations.keys.sorted() {
      if case .terminated = continuations[id]?.yield(element) {
        continuations[id] = nil
      }
    }
  }

  /// Removes every subscriber and returns them, to be finished outside the lock (finishing
  /// runs the stream's termination handler, which takes the lock).
  package mutating func removeAll() -> [AsyncStream<Element>.Continuation] {
    defer { continuations = [:] }
    return Array(continuations.values)
  }
}
