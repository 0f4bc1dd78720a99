import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a child process with its standard output discarded and reports its peak resident
/// memory and CPU time, read with `wait4` from the kernel's accounting of that one child. It
/// times nothing itself: the benchmarks time the call (`ToolRuns`), so its tests time nothing
/// either.
///
/// A child's peak can never be below the memory of the process that spawned it, as Linux
/// carries the peak across `exec`: callers spawn while they are still small.
enum MeasuredChild {
  /// What one run took.
  struct Measurement {
    /// The child's peak resident set size (`ru_maxrss`), in bytes.
    var peakResidentBytes: Int
    /// The child's CPU time, user and system, all its threads, in seconds.
    var cpuSeconds: Double
  }

  /// Runs `executable` with `arguments`, its output sent to `/dev/null`.
  /// - Throws: `ChildProcessError` when it cannot be started or does not exit with status 0.
  static func run(_ executable: URL, _ arguments: [String]) throws -> Measurement {
    let command = ([executable.path] + arguments).joined(separator: " ")
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
      #else
        var actions = posix_spawn_file_actions_t()
      #endif
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
      let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      defer {
        for pointer in argv + envp { free(pointer) }
      }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
      guard spawned == 0 else {
        throw ChildProcessError(command: command, message: "cannot start (error \(spawned))")
      }
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else {
          throw ChildProcessError(command: command, message: "wait failed (error \(errno))")
        }
      }
      // WIFEXITED and WEXITSTATUS are C macros, so spelled out: exited normally when the
      // low seven bits are 0, with the status in the next eight.
      guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        throw ChildProcessError(command: command, message: "exited with wait status \(status)")
      }
      #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes on Darwin
      #else
        let peak = Int(usage.ru_maxrss) * 1_024  // kilobytes on Linux
      #endif
      func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
      }
      return Measurement(
        peakResidentBytes: peak, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    #else
      throw ChildProcessError(command: command, message: "no process spawning on this platform")
    #endif
  }
}
