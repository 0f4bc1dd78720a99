#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of files `serve` may have open. Many systems start a process with a soft limit
/// of 1,024 descriptors and a far higher hard one; a server that keeps up to 4,096 connections
/// raises its soft limit as far as it needs and the hard one allows (as Go's runtime does for
/// every program), and says so when that is still too few.
enum DescriptorLimit {
  /// Descriptors besides connections: standard streams, the listener, the event loop's
  /// poller and wake pipe, the template file, a cache, a resolver's socket.
  static let reserve = 32

  /// The soft limit to ask for, given the current soft and hard limits and the connections
  /// wanted: enough for them and `reserve`, within the hard limit, never lower than now.
  static func target(soft: UInt64, hard: UInt64, connections: Int) -> UInt64 {
    let wanted = UInt64(max(connections, 0)) + UInt64(reserve)
    return max(soft, min(wanted, hard))
  }

  /// Raises the process's soft limit for `connections`; returns the limit in force after,
  /// or nil where it cannot be read.
  static func raise(for connections: Int) -> UInt64? {
    var limits = rlimit()
    #if canImport(Darwin)
      let resource = RLIMIT_NOFILE
    #else
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #endif
    guard getrlimit(resource, &limits) == 0 else { return nil }
    let wanted = target(
      soft: UInt64(limits.rlim_cur), hard: UInt64(limits.rlim_max), connections: connections)
    if wanted > UInt64(limits.rlim_cur) {
      var raised = limits
      raised.rlim_cur = rlim_t(wanted)
      if setrlimit(resource, &raised) == 0 { return wanted }
    }
    return UInt64(limits.rlim_cur)
  }
}
