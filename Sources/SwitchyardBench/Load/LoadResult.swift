/// What a load run measured.
struct LoadResult: Sendable {
  /// Responses read whole, by status class: 2xx count as served.
  var served = 0
  /// Answers that were not 2xx, unreadable answers, and connections the server closed.
  var failures = 0
  /// The first failure, for the report.
  var firstFailure: String?
  /// Each served request's time from its first byte written to its response's last byte
  /// read, in nanoseconds.
  var latencies: [Int] = []
  /// The run's length in seconds.
  var seconds = 0.0

  /// Served requests per second.
  var requestsPerSecond: Double { seconds > 0 ? Double(served) / seconds : 0 }

  /// The latency below which `fraction` of requests fall, in milliseconds.
  func percentile(_ fraction: Double, sorted: [Int]) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
    return Double(sorted[max(index, 0)]) / 1e6
  }

  /// Adds `other`'s counts and latencies (another thread's share).
  mutating func merge(_ other: LoadResult) {
    served += other.served
    failures += other.failures
    firstFailure = firstFailure ?? other.firstFailure
    latencies += other.latencies
    seconds = max(seconds, other.seconds)
  }

  /// Prints requests/s, p50, p99 and max latency, and the failures.
  func report(to report: BenchmarkReport, label: String) {
    let sorted = latencies.sorted()
    report.figure("\(label): requests per second", requestsPerSecond, unit: "/s")
    report.figure("\(label): latency p50", percentile(0.50, sorted: sorted), unit: "ms")
    report.figure("\(label): latency p99", percentile(0.99, sorted: sorted), unit: "ms")
    report.figure("\(label): latency max", Double(sorted.last ?? 0) / 1e6, unit: "ms")
    report.figure("\(label): failed requests", Double(failures), unit: "")
    if let firstFailure { report.note("\(label): first failure: \(firstFailure)") }
  }
}
