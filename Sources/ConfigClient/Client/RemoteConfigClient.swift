public import ConfigEngine
public import Core
public import Foundation

/// The remote-config client an app or a server holds for its lifetime, with Firebase's
/// model: in-app defaults, the last fetched template, and the active snapshot that reads
/// see; `fetch`, `activate`, `fetchAndActivate`.
///
/// Reads never wait: `snapshot` is one lock-protected load of an immutable value, and
/// everything read from a snapshot takes no lock at all. Fetching, activating, restoring and
/// saving run on the actor and never block a reader. A server evaluates the active template
/// per request with `values(for:)`, concurrently, without touching the client's context.
///
/// ```swift
/// let client = RemoteConfigClient(
///   source: FileTemplateSource(path: "template.json"),
///   store: FileConfigStore(directoryPath: cacheDirectory))
/// await client.setDefaults(InAppDefaults(catalog: catalog))
/// _ = await client.restore()                 // ready from disk, no network
/// let isOn = client.snapshot[Keys.newPlayer] // synchronous
/// let result = try await client.fetchAndActivate()
/// ```
public actor RemoteConfigClient {
  /// The settings the client was created with.
  public nonisolated let settings: RemoteConfigSettings
  let source: any TemplateSource
  let store: any ConfigStore
  /// The clock for intervals, throttling, timeouts and `dateTime` conditions.
  public nonisolated let timeSource: any TimeSource
  let random: RandomSource

  /// The active snapshot: the only lock on the read path, held just long enough to copy a
  /// reference-sized value out.
  nonisolated let activeSnapshot: LockedState<ConfigSnapshot>
  nonisolated let broadcaster = StreamBroadcaster<ConfigUpdate>()
  nonisolated let eventBroadcaster = StreamBroadcaster<ClientEvent>()
  /// `state.isStale` as readers see it: synchronously, without waiting on the actor. Set by
  /// `publishStaleness()` wherever the state's mark may have changed.
  nonisolated let staleMark = LockedState(false)

  /// Everything that is persisted.
  var state = ClientState()
  /// The in-app defaults (not persisted: they ship with the app).
  var inAppDefaults: InAppDefaults
  /// The fetch in flight and the context it was sent for: a concurrent `fetch` call joins it
  /// instead of starting another, unless the source's server evaluates for the context and
  /// the context has changed since (its answer would be for the old one).
  var inFlightFetch:
    (task: Task<Result<FetchResult, FetchError>, Never>, context: EvaluationContext)?
  /// How many times `markStale()` was called in this process: a fetch clears the stale mark
  /// only when none came while it was in flight.
  var staleMarks = 0
  /// The last save scheduled; saves run one after another, in the order scheduled.
  var lastSave: Task<String?, Never>?
  /// Why the last save failed, or nil when it succeeded.
  var saveFailure: String?
  /// What the last save left out because it exceeded `RemoteConfigLimits`.
  var leftOutOfSave: [String] = []

  /// Creates a client. Until `restore()` or a fetch, values come from `defaults` alone.
  /// - Parameters:
  ///   - settings: intervals, timeout, size limit, backoff, auto-activation.
  ///   - source: where templates come from.
  ///   - store: where the client's state is persisted (in memory unless given).
  ///   - timeSource: the clock (the system clock unless given).
  ///   - random: random fractions for backoff jitter.
  ///   - defaults: the initial in-app defaults.
  ///   - context: the evaluation context; when given it wins over a restored one.
  public init(
    settings: RemoteConfigSettings = RemoteConfigSettings(),
    source: any TemplateSource,
    store: any ConfigStore = InMemoryConfigStore(),
    timeSource: any TimeSource = SystemTimeSource(),
    random: RandomSource = .system,
    defaults: InAppDefaults = InAppDefaults(),
    context: EvaluationContext? = nil
  ) {
    self.settings = settings
    self.source = source
    self.store = store
    self.timeSource = timeSource
    self.random = random
    self.inAppDefaults = defaults
    self.state.context = context
    self.activeSnapshot = LockedState(
      ConfigSnapshot(
        template: nil, activatedAt: nil, context: context ?? EvaluationContext(),
        defaults: defaults, now: timeSource.now))
  }

  deinit {
    broadcaster.finishAll()
    eventBroadcaster.finishAll()
  }

  // MARK: Reading

  /// The active snapshot. Synchronous and never waits on I/O or a fetch; the value is
  /// immutable, so hold it for as long as one consistent config is needed.
  public nonisolated var snapshot: ConfigSnapshot {
    activeSnapshot.withLock { $0 }
  }

  /// The active template evaluated for another context (one server request's user), with
  /// the client's in-app defaults. Takes the snapshot once, then evaluates without locks;
  /// the client's own context is untouched.
  public nonisolated func values(for context: EvaluationContext) -> EvaluatedConfig {
    snapshot.values(for: context, now: timeSource.now)
  }

  /// A new stream of the client's updates: one element per change of the active values
  /// (activation, context, defaults, restore) that changed at least one key. Each listener
  /// gets its own stream; one that stops iterating is removed.
  public nonisolated func updates() -> AsyncStream<ConfigUpdate> {
    broadcaster.makeStream()
  }

  /// How many `updates()` streams are listening.
  public nonisolated var listenerCount: Int { broadcaster.count }

  /// A new stream of what happens to the client from now on, in order: a template restored,
  /// fetched or activated, values changed (as `updates()`), the stale mark set or cleared, a
  /// fetch failed (`ClientEvent`). Each listener gets its own stream; one that stops iterating
  /// is removed. What a status display or OpenFeature's provider events are built from.
  public nonisolated func events() -> AsyncStream<ClientEvent> {
    eventBroadcaster.makeStream()
  }

  /// The client's evaluation context.
  public var context: EvaluationContext { state.context ?? EvaluationContext() }

  /// The in-app defaults.
  public var defaults: InAppDefaults { inAppDefaults }

  /// The instant before which fetches fail with `.throttled` without a network call; nil
  /// when the client is not throttled now.
  public var throttledUntil: Date? {
    state.throttle.isThrottled(at: timeSource.now) ? state.throttle.throttledUntil : nil
  }

  /// The throttle's full state: the series of failures and throttles behind `throttledUntil`.
  var throttle: FetchThrottle { state.throttle }

  /// The `version.versionNumber` of the last fetched template, when there is one.
  public var fetchedVersionNumber: Int? { state.fetched?.template.compiled.versionNumber }

  /// The ETag of the last fetched template, sent as `If-None-Match`.
  public var fetchedETag: String? { state.fetched?.etag }

  /// When the source last answered 200 or 304: the start of the minimum fetch interval.
  public var lastSuccessfulFetchTime: Date? { state.lastSuccessfulFetchAt }

  /// Whether a fetched template is waiting to be activated.
  public var hasPendingActivation: Bool {
    guard let fetched = state.fetched else { return false }
    return !fetched.isActivated
  }

  /// Why the last save to the store failed, or what it had to leave out, as a diagnostic;
  /// nil when everything was saved.
  public var storeDiagnostic: Reason? {
    if let saveFailure {
      return .diagnostic("cannot save the remote config: \(saveFailure); values still apply")
    }
    guard !leftOutOfSave.isEmpty else { return nil }
    return .diagnostic(
      "saved the remote config without \(leftOutOfSave.joined(separator: ", ")), which "
        + "exceeded the limits; it still applies until the client restarts")
  }

  // MARK: Changing what is evaluated

  /// Replaces the in-app defaults (Firebase's rule: the whole set, not a merge) and
  /// re-evaluates the active snapshot. `InAppDefaults`' initialisers read them from the
  /// modules' typed keys (`InAppDefaults(catalog:)`, `(keySets:)`), a flat JSON object
  /// (`(json:)`), a file holding one (`(contentsOfFile:)`, which this module adds, since the
  /// engine reads no file), or an `Encodable` value (`(encoding:)`); one that fails throws
  /// before anything changes.
  /// - Returns: the keys whose value changed; an update is emitted when there are any.
  @discardableResult
  public func setDefaults(_ defaults: InAppDefaults) -> Set<String> {
    inAppDefaults = defaults
    return install(makeSnapshot())
  }

  /// Replaces the in-app defaults with `key: string` pairs, as `setDefaults(_:)` does.
  @discardableResult
  public func setDefaults(_ values: [String: String]) -> Set<String> {
    setDefaults(InAppDefaults(values))
  }

  /// Sets the evaluation context and re-evaluates the active template, without a network
  /// call. The context is persisted.
  ///
  /// With a source whose server evaluates the template for the context (Firebase's app fetch,
  /// `TemplateSource.evaluatesOnServer`), the fetched values belong to the context they were
  /// fetched for: when a field the source sends changes (custom signals, app version or build,
  /// country, language, user properties, first open time), the next fetch ignores the minimum
  /// fetch interval, never the throttle, as Firebase's SDKs do after new custom signals.
  /// - Returns: the keys whose value changed; an update is emitted when there are any.
  @discardableResult
  public func setContext(_ context: EvaluationContext) async -> Set<String> {
    if source.requestDiffers(for: context, from: self.context) {
      state.contextChanged = true
    }
    state.context = context
    let changed = install(makeSnapshot())
    await persist()
    return changed
  }

  /// Makes the fetched template the active one.
  /// - Returns: the keys whose evaluated value changed (added, removed, or a different value
  ///   or source); empty when nothing was fetched since the last activation or the new
  ///   template evaluates to the same values. An update is emitted only when non-empty.
  @discardableResult
  public func activate() async -> Set<String> {
    guard let changed = activateFetched() else { return [] }
    await persist()
    return changed
  }

  /// Signals that the server has a newer template (a real-time invalidation or a push):
  /// until a fetch succeeds, fetches ignore the minimum interval. Throttling still applies.
  /// The mark is saved at once, so it survives a restart, like the `CONFIG_STALE` flag in
  /// Firebase's guide to propagating Remote Config updates in real time.
  public func markStale() async {
    // Counted even when already stale: a fetch sent before this mark does not answer it.
    staleMarks += 1
    guard !state.isStale else { return }
    state.isStale = true
    publishStaleness()
    await persist()
  }

  /// Whether `markStale()` was called since the last successful fetch (in this process or,
  /// restored, in an earlier one). Synchronous, like `snapshot`: an evaluation that reports
  /// whether its values may be out of date reads it without waiting.
  public nonisolated var isStale: Bool { staleMark.withLock { $0 } }

  /// Whether the context changed, since the last successful fetch, in a field a source whose
  /// server evaluates sends (see `setContext(_:)`): the next fetch then ignores the interval.
  var isContextChanged: Bool { state.contextChanged }

  /// Real-time connection attempts that failed in a row, this launch and earlier ones.
  var realtimeFailures: Int { state.realtimeFailures }

  /// Records how many real-time connection attempts failed in a row (0 once the server
  /// accepts one) and saves it when it changed, so the next launch's updater starts with what
  /// is left of the retry budget.
  func recordRealtimeFailures(_ count: Int) async {
    let count = min(max(0, count), RemoteConfigLimits.throttleCount)
    guard count != state.realtimeFailures else { return }
    state.realtimeFailures = count
    await persist()
  }

  // MARK: Internals shared by the extensions

  /// The active template evaluated with the current context and defaults.
  func makeSnapshot() -> ConfigSnapshot {
    ConfigSnapshot(
      template: state.active?.template.compiled, activatedAt: state.active?.activatedAt,
      context: context, defaults: inAppDefaults, now: timeSource.now)
  }

  /// Swaps in `snapshot`, diffs it against the one it replaces and, when a value changed,
  /// tells every listener.
  @discardableResult
  func install(_ snapshot: ConfigSnapshot) -> Set<String> {
    let previous = activeSnapshot.withLock { current in
      let previous = current
      current = snapshot
      return previous
    }
    let changed = snapshot.changedKeys(comparedTo: previous)
    if !changed.isEmpty {
      broadcaster.broadcast(ConfigUpdate(updatedKeys: changed, snapshot: snapshot))
      eventBroadcaster.broadcast(.updated(keys: changed))
    }
    return changed
  }

  /// Activates the fetched template in memory; nil when there is nothing new to activate.
  func activateFetched() -> Set<String>? {
    guard var fetched = state.fetched, !fetched.isActivated else { return nil }
    fetched.isActivated = true
    state.fetched = fetched
    state.active = ClientState.Active(template: fetched.template, activatedAt: timeSource.now)
    eventBroadcaster.broadcast(.activated(versionNumber: fetched.template.compiled.versionNumber))
    return install(makeSnapshot())
  }

  /// Makes `isStale` say what the state's mark says, and tells event listeners when it changed.
  func publishStaleness() {
    let isStale = state.isStale
    let changed = staleMark.withLock { mark in
      defer { mark = isStale }
      return mark != isStale
    }
    if changed { eventBroadcaster.broadcast(isStale ? .markedStale : .staleMarkCleared) }
  }
}
