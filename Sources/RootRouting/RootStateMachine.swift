public import Core

/// The app's root: turns what happens (launch, config, session, profile, foreground) into
/// what to do (fetch, restore, load, time, show a route), with no I/O of its own.
///
/// The shell feeds every event to `handle(_:)` and performs the returned actions in order.
/// Routes come from `RoutePlanner`; the machine decides when to ask for one and emits
/// `showRoute` only when the route actually changes, so duplicate events (two sign-outs, an
/// activation with identical values) emit nothing.
///
/// Besides the planner's rules, the machine keeps these promises:
/// - Launching without a cached config shows `loading`, fetches the config and restores
///   the session in parallel and starts a loading timer; if the timer fires first, the
///   in-app defaults stand in until an activation re-routes.
/// - While the feature on screen is busy, a route change that would replace it by another
///   feature's screen (or `unavailable`) waits until it is idle. Gates, sign-out and
///   loading are never held: they exist to stop the app now.
/// - A session that expires keeps the user's profile, so signing in again as the same user
///   returns to their feature at once (the profile is reloaded to refresh it).
/// - A profile that failed to load is retried when the app next becomes active.
public struct RootStateMachine: Sendable {
  private enum State {
    /// Before `appLaunched`.
    case notLaunched
    /// Running.
    case launched(Context)
  }

  /// What a launched app tracks.
  private struct Context {
    var config: ConfigState
    var session: SessionState
    var profile: ProfileStatus
    var isFeatureBusy: Bool
    var shownRoute: Route
  }

  private enum ConfigState: Equatable {
    /// No config yet; the loading timer runs.
    case awaiting
    /// A config is in hand.
    case ready(RouteConfiguration)
  }

  private enum SessionState: Equatable {
    /// Being restored.
    case unknown
    /// No one is signed in.
    case signedOut
    /// The session of this user expired; their profile is kept for when they return.
    case expired(UserID)
    /// This user is signed in.
    case signedIn(UserID)
  }

  private var state: State = .notLaunched
  private let descriptors: [FeatureDescriptor]
  private let appVersion: SemanticVersion
  private let idiom: DeviceIdiom

  /// A machine for an app at `appVersion` on `idiom` with `descriptors` in priority order.
  public init(descriptors: [FeatureDescriptor], appVersion: SemanticVersion, idiom: DeviceIdiom) {
    self.descriptors = descriptors
    self.appVersion = appVersion
    self.idiom = idiom
  }

  /// Handles one event and returns what the shell must do, in order.
  public mutating func handle(_ event: Event) -> [Action] {
    switch state {
    case .notLaunched:
      switch event {
      case .appLaunched(let cachedConfig):
        return launch(cachedConfig: cachedConfig)
      case .configActivated, .configFetchFailed, .loadingTimedOut, .sessionRestored, .signedIn,
        .signedOut, .sessionExpired, .profileLoaded, .profileFailed, .appBecameActive,
        .configUpdated, .featureBecameBusy, .featureBecameIdle, .storeLinkTapped:
        return []
      }
    case .launched(var context):
      let actions = handle(event, in: &context)
      state = .launched(context)
      return actions
    }
  }

  private mutating func launch(cachedConfig: (any ConfigValues)?) -> [Action] {
    var actions: [Action] = [.fetchConfig, .restoreSession]
    let config: ConfigState
    if let cachedConfig {
      config = .ready(
        RouteConfiguration(values: cachedConfig, descriptors: descriptors, origin: .cached))
    } else {
      config = .awaiting
      actions.append(.startLoadingTimer)
    }
    let context = Context(
      config: config, session: .unknown, profile: .notLoaded, isFeatureBusy: false,
      shownRoute: plannedRoute(config: config, session: .unknown, profile: .notLoaded))
    state = .launched(context)
    actions.append(.showRoute(context.shownRoute))
    return actions
  }

  private func handle(_ event: Event, in context: inout Context) -> [Action] {
    switch event {
    case .appLaunched:
      return []
    case .configActivated(let values), .configUpdated(let values):
      return activate(values, in: &context)
    case .configFetchFailed, .loadingTimedOut:
      switch context.config {
      case .awaiting:
        context.config = .ready(.defaults(descriptors: descriptors))
        let cancel: [Action] =
          if case .loadingTimedOut = event { [] } else { [.cancelLoadingTimer] }
        return cancel + settle(&context)
      case .ready:
        return []
      }
    case .sessionRestored(let user):
      guard context.session == .unknown else { return [] }
      guard let user else {
        context.session = .signedOut
        return settle(&context)
      }
      context.session = .signedIn(user)
      return [.loadProfile(user)] + settle(&context)
    case .signedIn(let user):
      return signIn(user, in: &context)
    case .signedOut:
      guard context.session != .signedOut else { return [] }
      context.session = .signedOut
      context.profile = .notLoaded
      return settle(&context)
    case .sessionExpired:
      guard case .signedIn(let user) = context.session else { return [] }
      context.session = .expired(user)
      return settle(&context)
    case .profileLoaded(let profile, let user):
      guard context.session == .signedIn(user), context.profile != .loaded(profile) else {
        return []
      }
      context.profile = .loaded(profile)
      return settle(&context)
    case .profileFailed(let reason, let user):
      guard context.session == .signedIn(user) else { return [] }
      switch context.profile {
      case .loaded:
        // A failed refresh keeps the profile in hand.
        return []
      case .notLoaded, .failed:
        guard context.profile != .failed(reason: reason) else { return [] }
        context.profile = .failed(reason: reason)
        return settle(&context)
      }
    case .appBecameActive:
      guard case .signedIn(let user) = context.session, case .failed = context.profile else {
        return []
      }
      context.profile = .notLoaded
      return [.loadProfile(user)] + settle(&context)
    case .featureBecameBusy:
      guard context.shownRoute.screen.feature != nil, !context.isFeatureBusy else { return [] }
      context.isFeatureBusy = true
      return []
    case .featureBecameIdle:
      guard context.isFeatureBusy else { return [] }
      context.isFeatureBusy = false
      return settle(&context)
    case .storeLinkTapped:
      guard case .updateRequired(let update) = context.shownRoute.screen else { return [] }
      return [.openStoreURL(update.storeURL)]
    }
  }

  private func activate(_ values: any ConfigValues, in context: inout Context) -> [Action] {
    let configuration = RouteConfiguration(
      values: values, descriptors: descriptors, origin: .activated)
    switch context.config {
    case .awaiting:
      context.config = .ready(configuration)
      return [.cancelLoadingTimer] + settle(&context)
    case .ready(let current):
      guard current != configuration else { return [] }
      context.config = .ready(configuration)
      return settle(&context)
    }
  }

  private func signIn(_ user: UserID, in context: inout Context) -> [Action] {
    switch context.session {
    case .signedIn(let current) where current == user:
      return []
    case .expired(let previous) where previous == user:
      // Keep the profile so the user returns to their feature at once; reload to refresh.
      break
    case .unknown, .signedOut, .expired, .signedIn:
      context.profile = .notLoaded
    }
    context.session = .signedIn(user)
    return [.loadProfile(user)] + settle(&context)
  }

  /// Shows the route the context now calls for, unless it is the one on screen or it must
  /// wait for the busy feature.
  private func settle(_ context: inout Context) -> [Action] {
    let route = plannedRoute(context)
    guard route != context.shownRoute, !mustWait(route, context) else { return [] }
    context.shownRoute = route
    if route.screen.feature == nil { context.isFeatureBusy = false }
    return [.showRoute(route)]
  }

  /// Whether `route` must wait because it would replace the busy feature by another
  /// feature's screen or by `unavailable`.
  private func mustWait(_ route: Route, _ context: Context) -> Bool {
    guard context.isFeatureBusy else { return false }
    switch route.screen {
    case .feature, .unavailable: return true
    case .loading, .login, .maintenance, .updateRequired: return false
    }
  }

  private func plannedRoute(_ context: Context) -> Route {
    plannedRoute(config: context.config, session: context.session, profile: context.profile)
  }

  private func plannedRoute(
    config: ConfigState, session: SessionState, profile: ProfileStatus
  ) -> Route {
    let configuration: RouteConfiguration? =
      switch config {
      case .awaiting: nil
      case .ready(let configuration): configuration
      }
    let status: SessionStatus =
      switch session {
      case .unknown: .unknown
      case .signedOut, .expired: .signedOut
      case .signedIn: .signedIn
      }
    return RoutePlanner.route(
      RouteInput(session: status, profile: profile, appVersion: appVersion, idiom: idiom),
      configuration: configuration)
  }
}

extension RootStateMachine {
  /// The route on screen; nil before launch.
  public var route: Route? {
    switch state {
    case .notLaunched: nil
    case .launched(let context): context.shownRoute
    }
  }

  /// The route waiting for the busy feature to become idle, if any.
  public var pendingRoute: Route? {
    switch state {
    case .notLaunched:
      return nil
    case .launched(let context):
      let route = plannedRoute(context)
      return route != context.shownRoute && mustWait(route, context) ? route : nil
    }
  }

  /// Whether the loading timer runs (launched without a config, none arrived yet).
  public var isLoadingTimerRunning: Bool {
    switch state {
    case .notLaunched: false
    case .launched(let context): context.config == .awaiting
    }
  }

  /// The config routes are decided with; nil while none is available.
  public var configuration: RouteConfiguration? {
    switch state {
    case .notLaunched: nil
    case .launched(let context):
      switch context.config {
      case .awaiting: nil
      case .ready(let configuration): configuration
      }
    }
  }

  /// The signed-in user; nil while restoring, signed out or expired.
  public var signedInUser: UserID? {
    switch state {
    case .notLaunched: return nil
    case .launched(let context):
      guard case .signedIn(let user) = context.session else { return nil }
      return user
    }
  }

  /// The profile status (kept across an expired session for the same user).
  public var profile: ProfileStatus {
    switch state {
    case .notLaunched: .notLoaded
    case .launched(let context): context.profile
    }
  }

  /// Whether the feature on screen reported it is busy.
  public var isFeatureBusy: Bool {
    switch state {
    case .notLaunched: false
    case .launched(let context): context.isFeatureBusy
    }
  }
}

extension RootStateMachine {
  /// The route before launch: the loading screen a launch without a cached config shows, so
  /// a shell has a route (and its orientations) from its first frame.
  var routeBeforeLaunch: Route {
    plannedRoute(config: .awaiting, session: .unknown, profile: .notLoaded)
  }

  /// Whether the stored session is still being restored: launched, and neither the restore
  /// nor the app has said who is signed in.
  var isRestoringSession: Bool {
    switch state {
    case .notLaunched: false
    case .launched(let context): context.session == .unknown
    }
  }
}
