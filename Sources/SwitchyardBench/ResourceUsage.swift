#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's resource usage.
enum ResourceUsage {
  /// The peak resident set size so far, in bytes; nil where `getrusage` is unavailable.
  static func peakResidentBytes() -> Int? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var usage = rusage()
      #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
      #else
        let who = RUSAGE_SELF
      #endif
      guard getrusage(who, &usage) == 0 else { return nil }
      #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
      #else
        return Int(usage.ru_maxrss) * 1_024  // kilobytes on Linux
      #endif
    #else
      return nil
    #endif
  }

  /// The CPU time this process has used so far, in seconds; nil where unavailable.
  static func cpuSeconds() -> Double? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var time = timespec()
      guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    #else
      return nil
    #endif
  }

  /// The CPU time, user and system, of the children this process has waited for, in
  /// seconds; nil where `getrusage` is unavailable. The difference around one child is that
  /// child's, all its threads included.
  static func childrenCPUSeconds() -> Double? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var usage = rusage()
      #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
      #else
        let who = RUSAGE_CHILDREN
      #endif
      guard getrusage(who, &usage) == 0 else { return nil }
      func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
      }
      return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    #else
      return nil
    #endif
  }
}
