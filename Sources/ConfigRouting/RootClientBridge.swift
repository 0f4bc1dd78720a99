public import ConfigClient
import ConfigEngine
public import Core
public import RootRouting

/// A `RemoteConfigClient` wired into a `RootRuntime`, so the root's config is the client's and
/// the client evaluates for the user the root shows: the code every app that keeps the client
/// would otherwise write around the runtime.
///
/// - At launch (`start()`), what the client's `restore()` brings back is the cached config.
/// - The runtime's fetch is the client's `fetchAndActivate()`.
/// - Every update the client activates afterwards (`updates()`: real-time, a refresh, the
///   values for a new user) is a `configUpdated` event.
/// - The client's context carries the app's signals as `ConfigRouter` sets them
///   (`AppSignals`): always the device's idiom and the app's version; when a profile loads,
///   the user's id as the randomization id and the profile's stage and year; on sign-out,
///   nobody's; an expired session keeps its user's (`SessionContext` has the rule). A profile
///   reaches the runtime only after the values evaluated for its user, so no route is planned
///   from one user's profile and another's values.
///
/// Each activation carries a `ConfigStamp`: the snapshot's `activatedAt`, then a counter. A
/// fetch's answer counts as of when the fetch began, so an update applied while it was in
/// flight is not replaced by it; the client reports every activation as an update (the
/// fetch's own too), so dropping a fetch's answer never leaves the root behind the client.
///
/// ```swift
/// let bridge = RootClientBridge(
///   client: client, descriptors: descriptors, appVersion: appVersion, idiom: .pad,
///   effects: RootClientBridge.AppEffects(
///     restoreSession: { await sessionStore.restore() },
///     loadProfile: { user in await backend.profile(of: user) },
///     openStoreURL: { url in await open(url) }),
///   loadingTimeout: .seconds(3))
/// let model = RootModel(runtime: bridge.runtime)  // the app's root: the model and the bridge
/// await bridge.start()
/// ```
///
/// Keep the bridge for as long as the root runs: `stop()` stops listening to the client and
/// stops the runtime (the bridge made it, and nothing the bridge started outlives it), and so
/// does the bridge going away.
public final class RootClientBridge: Sendable {
  /// The runtime the bridge made: give it to `RootModel(runtime:)` and send it what the app
  /// observes (signed in, signed out, became active, busy, idle, the store link).
  public let runtime: RootRuntime

  private struct Lifecycle {
    var isStarted = false
    var isStopped = false
    /// The tasks that forward the client's updates and follow the runtime's steps.
    var listeners: [Task<Void, Never>] = []
  }

  let link: ClientRuntimeLink
  private let lifecycle = LockedState(Lifecycle())

  /// Wires `client` into a new runtime for an app at `appVersion` on `idiom` with
  /// `descriptors` in priority order; nothing runs until `start()`.
  /// - Parameters:
  ///   - effects: the work only the app can do: restore the session, load a profile, open
  ///     the store.
  ///   - timeSource: the loading timer's clock.
  ///   - loadingTimeout: how long a launch without a cached config waits for the fetch
  ///     before the in-app defaults stand in.
  public init(
    client: RemoteConfigClient, descriptors: [FeatureDescriptor], appVersion: SemanticVersion,
    idiom: DeviceIdiom, effects: AppEffects, timeSource: any TimeSource = SystemTimeSource(),
    loadingTimeout: Duration
  ) {
    link = ClientRuntimeLink(client: client, appVersion: appVersion, idiom: idiom)
    runtime = RootRuntime(
      machine: RootStateMachine(descriptors: descriptors, appVersion: appVersion, idiom: idiom),
      effects: link.effects(effects), timeSource: timeSource, loadingTimeout: loadingTimeout)
    link.attach(runtime)
  }

  deinit {
    stop()
  }

  /// Launches the app: restores the client's saved state, sets the device's signals, starts
  /// listening to the client's updates, and starts the runtime with what was restored as the
  /// cached config (none when no template was ever activated). Returns once the runtime has
  /// started; a second call, or a call after `stop()`, does nothing.
  public func start() async {
    let first = lifecycle.withLock { lifecycle in
      defer { lifecycle.isStarted = true }
      return !lifecycle.isStarted && !lifecycle.isStopped
    }
    guard first else { return }
    await link.restoreForLaunch()
    // Listening starts before the cached config is read: an activation after this point is
    // forwarded (the runtime holds one forwarded before it starts for its launch), one before
    // it is in the snapshot the runtime starts with.
    let updates = link.client.updates()
    let steps = runtime.steps()
    let cached = link.activated(link.client.snapshot)
    let listeners = [
      Task { [link] in
        for await update in updates { link.forward(update.snapshot) }
      },
      Task { [link] in
        for await step in steps { await link.follow(step) }
      },
    ]
    let stopped = lifecycle.withLock { lifecycle in
      lifecycle.listeners = listeners
      return lifecycle.isStopped
    }
    guard !stopped else {
      for listener in listeners { listener.cancel() }
      return
    }
    runtime.start(cachedConfig: cached)
  }

  /// Stops listening to the client and stops the runtime, which cancels everything it
  /// started and ends its streams. The client itself keeps running.
  public func stop() {
    let listeners = lifecycle.withLock { lifecycle in
      lifecycle.isStopped = true
      defer { lifecycle.listeners = [] }
      return lifecycle.listeners
    }
    for listener in listeners { listener.cancel() }
    runtime.stop()
  }

  /// Returns once every task the bridge started has ended: for tests.
  func tasksEnded() async {
    for listener in lifecycle.withLock({ $0.listeners }) { await listener.value }
    await link.contextChangesEnded()
  }
}
