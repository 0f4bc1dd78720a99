#if canImport(CEpoll)
  import CEpoll
  import Core
  import Glibc
  import HTTPCore

  /// `epoll(7)`: the kernel keeps the watched set, so a wait costs in proportion to what is
  /// ready, not to what is watched, and thousands of idle connections cost nothing per wait.
  /// Level-triggered, like `PollPoller`. Linux only (the `CEpoll` module maps its header).
  final class EpollPoller: ReadinessPoller {
    private let descriptor: Int32
    private var events = [epoll_event](repeating: epoll_event(), count: 256)

    /// A poller, or nil when the system refuses one (out of descriptors).
    init?() {
      descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
      guard descriptor >= 0 else { return nil }
    }

    func add(_ watched: Int32, interest: PollInterest) {
      control(EPOLL_CTL_ADD, watched, interest)
    }

    func modify(_ watched: Int32, interest: PollInterest) {
      control(EPOLL_CTL_MOD, watched, interest)
    }

    func remove(_ watched: Int32) {
      var event = epoll_event()
      _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, watched, &event)
    }

    func wait(milliseconds: Int32, into ready: inout [ReadyDescriptor]) {
      ready.removeAll(keepingCapacity: true)
      var count: Int32 = -1
      while count < 0 {
        count = epoll_wait(descriptor, &events, Int32(events.count), milliseconds)
        guard count < 0, errno == EINTR else { break }
      }
      guard count > 0 else { return }
      let readable = EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLRDHUP.rawValue
      let writable = EPOLLOUT.rawValue | EPOLLERR.rawValue
      for event in events[0..<Int(count)] {
        ready.append(
          ReadyDescriptor(
            descriptor: Int32(truncatingIfNeeded: event.data.fd),
            readable: event.events & readable != 0, writable: event.events & writable != 0))
      }
    }

    func close() {
      POSIXSocket.close(descriptor)
    }

    private func control(_ operation: Int32, _ watched: Int32, _ interest: PollInterest) {
      var event = epoll_event()
      event.events =
        (interest.contains(.read) ? EPOLLIN.rawValue : 0)
        | (interest.contains(.write) ? EPOLLOUT.rawValue : 0)
      event.data.fd = watched
      _ = epoll_ctl(descriptor, operation, watched, &event)
    }
  }
#endif
