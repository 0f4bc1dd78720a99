/// Which readiness a descriptor is watched for.
struct PollInterest: OptionSet, Equatable {
  let rawValue: UInt8
  static let read = PollInterest(rawValue: 1)
  static let write = PollInterest(rawValue: 2)
}

/// A descriptor the wait found ready.
struct ReadyDescriptor {
  let descriptor: Int32
  /// Readable, or the peer closed, or an error is pending: a read says which.
  let readable: Bool
  /// Writable, or an error is pending: a write says which.
  let writable: Bool
}

/// Waits until any of many descriptors is ready: the event loop's one blocking call.
///
/// Two kinds, chosen per system: `epoll` on Linux, whose cost does not grow with the
/// connections that are idle (what lets a server hold thousands), and `poll` everywhere
/// else (Apple's systems), whose cost does, which is fine where a server is developed rather
/// than run. The Linux tests run the same server on both, so the code Apple's systems use is
/// exercised where there is no Mac. Both are level-triggered: a descriptor stays ready until
/// it is read or written, so the loop may take one read per wake and still miss nothing.
protocol ReadinessPoller: AnyObject {
  /// Starts watching `descriptor`.
  func add(_ descriptor: Int32, interest: PollInterest)
  /// Changes what `descriptor` is watched for.
  func modify(_ descriptor: Int32, interest: PollInterest)
  /// Stops watching `descriptor` (before it is closed).
  func remove(_ descriptor: Int32)
  /// Waits up to `milliseconds` (-1: until something is ready) and puts what is ready in
  /// `ready`, replacing its contents.
  func wait(milliseconds: Int32, into ready: inout [ReadyDescriptor])
  /// Releases the poller's own descriptor, if it has one.
  func close()
}

/// Which poller a server uses.
enum PollerKind: Sendable {
  /// `epoll` on Linux, `poll` elsewhere.
  case preferred
  /// `poll`, as Apple's systems use it: for tests on Linux.
  case poll

  /// A new poller of this kind, or nil when the system refuses one.
  func make() -> (any ReadinessPoller)? {
    switch self {
    case .preferred:
      #if canImport(CEpoll)
        return EpollPoller()
      #else
        return PollPoller()
      #endif
    case .poll:
      return PollPoller()
    }
  }
}
