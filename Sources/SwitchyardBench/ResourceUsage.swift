import Foundation

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

  /// The peak resident set size of process `id` (another process, e.g. a server the load
  /// generator measures), in bytes, from `VmHWM` in `/proc/ID/status`; nil where there is no
  /// `/proc` or no such process.
  static func peakResidentBytes(ofProcess id: Int) -> Int? {
    statusBytes("VmHWM:", ofProcess: id)
  }

  /// The resident set size of process `id` now, in bytes, from `VmRSS` (as above): what a
  /// soak samples to see whether a server's memory stays flat.
  static func residentBytes(ofProcess id: Int) -> Int? {
    statusBytes("VmRSS:", ofProcess: id)
  }

  /// A size in kilobytes that `/proc/ID/status` gives on the line starting with `field`.
  private static func statusBytes(_ field: String, ofProcess id: Int) -> Int? {
    // Read to the end rather than by the size `stat` gives, which is 0 for `/proc` files.
    guard let handle = FileHandle(forReadingAtPath: "/proc/\(id)/status"),
      let data = try? handle.readToEnd()
    else { return nil }
    try? handle.close()
    let status = String(decoding: data, as: UTF8.self)
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      let kilobytes = line.dropFirst(field.count).split(whereSeparator: {
        $0 == " " || $0 == "\t"
      }).first.flatMap { Int($0) }
      return kilobytes.map { $0 * 1_024 }
    }
    return nil
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
