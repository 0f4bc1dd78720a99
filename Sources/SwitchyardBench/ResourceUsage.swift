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
}
