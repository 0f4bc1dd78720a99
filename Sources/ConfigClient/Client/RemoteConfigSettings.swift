/// How a `RemoteConfigClient` fetches: intervals, limits, backoff.
public struct RemoteConfigSettings: Sendable, Equatable {
  /// A fetch within this interval of the last successful one is served from the cache
  /// without a network call (Firebase's default: 12 hours). `markStale()` and
  /// `fetch(ignoringMinimumInterval: true)` bypass it; nothing bypasses throttling.
  public var minimumFetchInterval: Duration
  /// How long one fetch may take before it fails with `.timeout` (default 60 s).
  public var fetchTimeout: Duration
  /// The largest template body accepted, in bytes. Firebase's own limit is 1,000,000; the
  /// client never accepts more than `RemoteConfigLimits.templateBytes`, whatever this says.
  public var maximumTemplateBytes: Int
  /// Whether a newly fetched template is activated at once (default off: the app decides
  /// when values change, e.g. on the next launch or screen).
  public var autoActivate: Bool
  /// The exponential backoff applied after HTTP 429 and repeated server errors.
  public var backoff: BackoffPolicy

  /// Settings with Firebase's defaults unless given.
  public init(
    minimumFetchInterval: Duration = .seconds(12 * 3600),
    fetchTimeout: Duration = .seconds(60),
    maximumTemplateBytes: Int = 1_000_000,
    autoActivate: Bool = false,
    backoff: BackoffPolicy = BackoffPolicy()
  ) {
    self.minimumFetchInterval = minimumFetchInterval
    self.fetchTimeout = fetchTimeout
    self.maximumTemplateBytes = maximumTemplateBytes
    self.autoActivate = autoActivate
    self.backoff = backoff
  }
}
