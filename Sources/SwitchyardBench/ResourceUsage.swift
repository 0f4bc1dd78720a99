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
}
