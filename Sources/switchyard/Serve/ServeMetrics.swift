import Core
import Foundation
import Synchronization

/// What `switchyard serve` counts, and `/metrics` prints in Prometheus' text format: requests
/// by endpoint and status, a latency histogram, evaluations by OpenFeature reason, the active
/// template's version, the age of the last good refresh and the refreshes that failed.
///
/// One short lock per request (the request counts and the histogram change together); the
/// per-evaluation reason counts are atomics, so a bulk answer of 200 flags takes no lock per
/// flag. Nothing here holds a key, a context value or a path with its query: the labels are
/// the fixed endpoint names and status codes.
final class ServeMetrics: Sendable {
  /// The upper bounds of the latency histogram's buckets, in seconds: fine below 10 ms, where
  /// OFREP answers live, coarse above.
  static let latencyBuckets: [Double] = [
    0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
  ]

  /// OpenFeature's reasons, in the order `/metrics` lists them.
  static let reasons = [
    "TARGETING_MATCH", "SPLIT", "DEFAULT", "STATIC", "STALE", "CACHED", "DISABLED", "UNKNOWN",
    "ERROR",
  ]

  private struct Requests {
    var counts: [ServedEndpoint: [Int: Int]] = [:]
    var buckets = [Int](repeating: 0, count: ServeMetrics.latencyBuckets.count)
    var total = 0
    var seconds = 0.0
  }

  private struct Refreshes {
    var lastGood: Date?
    var failures = 0
  }

  /// What `/metrics` reads from the server at the moment it answers, rather than keeping a
  /// copy that could fall behind.
  struct Gauges {
    /// The active template's version number; nil without one.
    var templateVersion: Int?
    /// Connections open now.
    var connections: Int
    /// Providers listening to the event stream now.
    var listeners: Int
  }

  private let requests = Mutex(Requests())
  private let refreshes = Mutex(Refreshes())
  private let evaluations = ReasonCounters()

  init() {}

  /// Counts one answered request.
  func recordRequest(_ endpoint: ServedEndpoint, status: Int, duration: Duration) {
    let seconds = duration.timeInterval
    let bucket = Self.latencyBuckets.firstIndex { seconds <= $0 }
    requests.withLock { state in
      state.counts[endpoint, default: [:]][status, default: 0] += 1
      if let bucket { state.buckets[bucket] += 1 }
      state.total += 1
      state.seconds += seconds
    }
  }

  /// Counts one evaluation answered with OpenFeature's `reason` (its wire name).
  func recordEvaluation(reason: String) {
    evaluations.increment(reason)
  }

  /// Notes that the source was found current at `date`: a template (or the defaults) became
  /// active, a refresh was answered, or a look found the file holding the served template.
  func recordRefresh(at date: Date) {
    refreshes.withLock { $0.lastGood = date }
  }

  /// Notes a refresh or reload that failed (the active template stays).
  func recordRefreshFailure() {
    refreshes.withLock { $0.failures += 1 }
  }

  /// The exposition at `now`, in Prometheus' text format 0.0.4, with `gauges` read then.
  func render(now: Date, gauges: Gauges) -> String {
    let requests = self.requests.withLock { $0 }
    let refreshes = self.refreshes.withLock { $0 }
    var text = ""
    func family(_ name: String, _ type: String, _ help: String) {
      text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }
    family(
      "switchyard_http_requests_total", "counter", "HTTP requests answered, by endpoint and status."
    )
    for endpoint in ServedEndpoint.allCases {
      for (status, count) in (requests.counts[endpoint] ?? [:]).sorted(by: { $0.key < $1.key }) {
        text +=
          "switchyard_http_requests_total{endpoint=\"\(endpoint.label)\",status=\"\(status)\"} \(count)\n"
      }
    }
    family(
      "switchyard_http_request_duration_seconds", "histogram",
      "Time from a request's last byte to its answer.")
    var cumulative = 0
    for (index, bound) in Self.latencyBuckets.enumerated() {
      cumulative += requests.buckets[index]
      text += "switchyard_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
    }
    text += "switchyard_http_request_duration_seconds_bucket{le=\"+Inf\"} \(requests.total)\n"
    text += "switchyard_http_request_duration_seconds_sum \(requests.seconds)\n"
    text += "switchyard_http_request_duration_seconds_count \(requests.total)\n"
    family(
      "switchyard_evaluations_total", "counter", "Flag evaluations, by OpenFeature reason.")
    for reason in Self.reasons {
      text += "switchyard_evaluations_total{reason=\"\(reason)\"} \(evaluations.count(reason))\n"
    }
    family(
      "switchyard_template_version", "gauge",
      "The active template's version number (absent while only in-app defaults serve).")
    if let version = gauges.templateVersion {
      text += "switchyard_template_version \(version)\n"
    }
    family(
      "switchyard_refresh_age_seconds", "gauge",
      "Seconds since the served template was last found current: a refresh answered, or a"
        + " look found the file holding it.")
    if let lastGood = refreshes.lastGood {
      text += "switchyard_refresh_age_seconds \(max(0, now.timeIntervalSince(lastGood)))\n"
    }
    family(
      "switchyard_refresh_failures_total", "counter",
      "Reloads and refreshes that failed; the active template stayed.")
    text += "switchyard_refresh_failures_total \(refreshes.failures)\n"
    family("switchyard_http_connections", "gauge", "Connections open now.")
    text += "switchyard_http_connections \(gauges.connections)\n"
    family(
      "switchyard_event_stream_listeners", "gauge", "Providers listening to the event stream now.")
    text += "switchyard_event_stream_listeners \(gauges.listeners)\n"
    return text
  }
}

/// One atomic counter per OpenFeature reason, so counting evaluations takes no lock.
private final class ReasonCounters: Sendable {
  private let targetingMatch = Atomic(0)
  private let split = Atomic(0)
  private let defaultValue = Atomic(0)
  private let staticValue = Atomic(0)
  private let stale = Atomic(0)
  private let cached = Atomic(0)
  private let disabled = Atomic(0)
  private let error = Atomic(0)
  private let unknown = Atomic(0)

  /// Runs `body` on the counter for `reason`; an unknown reason counts as `UNKNOWN`.
  private func with<R>(_ reason: String, _ body: (borrowing Atomic<Int>) -> R) -> R {
    switch reason {
    case "TARGETING_MATCH": body(targetingMatch)
    case "SPLIT": body(split)
    case "DEFAULT": body(defaultValue)
    case "STATIC": body(staticValue)
    case "STALE": body(stale)
    case "CACHED": body(cached)
    case "DISABLED": body(disabled)
    case "ERROR": body(error)
    default: body(unknown)
    }
  }

  func increment(_ reason: String) {
    with(reason) { _ = $0.add(1, ordering: .relaxed) }
  }

  func count(_ reason: String) -> Int {
    with(reason) { $0.load(ordering: .relaxed) }
  }
}
