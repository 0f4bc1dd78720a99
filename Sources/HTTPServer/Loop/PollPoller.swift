#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `poll(2)` over an array of every watched descriptor: portable, and what Apple's systems
/// use (no `epoll` there). Each wait costs in proportion to the descriptors watched.
final class PollPoller: ReadinessPoller {
  private var descriptors: [pollfd] = []
  /// Where each descriptor is in `descriptors`.
  private var slots: [Int32: Int] = [:]

  func add(_ descriptor: Int32, interest: PollInterest) {
    guard slots[descriptor] == nil else { return modify(descriptor, interest: interest) }
    slots[descriptor] = descriptors.count
    descriptors.append(pollfd(fd: descriptor, events: Self.events(interest), revents: 0))
  }

  func modify(_ descriptor: Int32, interest: PollInterest) {
    guard let slot = slots[descriptor] else { return }
    descriptors[slot].events = Self.events(interest)
  }

  func remove(_ descriptor: Int32) {
    guard let slot = slots.removeValue(forKey: descriptor) else { return }
    let last = descriptors.count - 1
    if slot != last {
      descriptors[slot] = descriptors[last]
      slots[descriptors[slot].fd] = slot
    }
    descriptors.removeLast()
  }

  func wait(milliseconds: Int32, into ready: inout [ReadyDescriptor]) {
    ready.removeAll(keepingCapacity: true)
    let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    guard count > 0 else { return }
    let failure = Int16(POLLERR | POLLHUP | POLLNVAL)
    for entry in descriptors where entry.revents != 0 {
      ready.append(
        ReadyDescriptor(
          descriptor: entry.fd,
          readable: entry.revents & (Int16(POLLIN) | failure) != 0,
          writable: entry.revents & (Int16(POLLOUT) | Int16(POLLERR)) != 0))
    }
  }

  func close() {}

  private static func events(_ interest: PollInterest) -> Int16 {
    (interest.contains(.read) ? Int16(POLLIN) : 0)
      | (interest.contains(.write) ? Int16(POLLOUT) : 0)
  }
}
