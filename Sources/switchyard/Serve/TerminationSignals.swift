import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGTERM and SIGINT as something to wait for, so `serve` can stop accepting, finish what is
/// in flight and exit 0 instead of dying mid-answer.
enum TerminationSignals {
  /// Returns when the process receives SIGTERM or SIGINT (or the task is cancelled). From the
  /// first call on, the two signals no longer end the process by themselves.
  static func wait() async {
    let sources = [SIGTERM, SIGINT].map { number in
      signal(number, SIG_IGN)
      return DispatchSource.makeSignalSource(signal: number, queue: .global())
    }
    defer {
      for source in sources { source.cancel() }
    }
    let (received, continuation) = AsyncStream.makeStream(of: Void.self)
    for source in sources {
      source.setEventHandler { continuation.yield() }
      source.resume()
    }
    for await _ in received { return }
  }
}
