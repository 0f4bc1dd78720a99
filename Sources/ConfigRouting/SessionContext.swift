package import ConfigEngine
package import Core
package import RootRouting

/// Whom the app's config values are evaluated for (a signed-in user with their loaded
/// profile, or no one) and when that follows the root's session: the rule
/// `RootClientBridge` sets the client's context by, which `switchyard root` follows too, so
/// that a transcript reads the values the app would.
///
/// - A loaded profile moves the values to its user (their id as the randomization id, the
///   profile's stage and year as `AppSignals`) before the runtime hears of the profile, so no
///   route is planned from one user's profile and another's values.
/// - A restore that found no one moves them to no one, before the runtime hears of it too:
///   the values at launch were evaluated for an earlier run's user.
/// - A sign-out moves them to no one once the runtime took it.
/// - A sign-in changes nothing until the user's profile loads (the id and the grade arrive
///   together), and a profile that fails to load leaves the values as they are.
/// - An expired session keeps its user's values. The machine keeps the user and their
///   profile for when they sign in again and then shows their feature at once, before the
///   profile reloads; that route must read their values, not no one's. A sign-out, or
///   another user's profile, moves the values on.
///
/// A change applies only while the runtime's signed-in user is the context's (no one for
/// `nobody`); otherwise the event it follows is late, and the runtime drops it.
package enum SessionContext: Sendable, Hashable {
  /// No one: the device's signals alone.
  case nobody
  /// A signed-in user whose profile loaded.
  case user(UserID, UserProfile)

  /// The context an answer to the runtime's work moves the values to, to be set before the
  /// runtime hears the answer; nil when it leaves them as they are.
  package static func before(answer: RootStateMachine.Event) -> SessionContext? {
    switch answer {
    case .sessionRestored(nil): .nobody
    case .profileLoaded(let profile, let user): .user(user, profile)
    case .appLaunched, .configActivated, .configFetchFailed, .loadingTimedOut, .sessionRestored,
      .signedIn, .signedOut, .sessionExpired, .profileFailed, .appBecameActive, .configUpdated,
      .featureBecameBusy, .featureBecameIdle, .storeLinkTapped:
      nil
    }
  }

  /// The context an event the app sent moves the values to, to be set once the runtime took
  /// it (not dropped); nil when it leaves them as they are.
  package static func after(sent event: RootStateMachine.Event) -> SessionContext? {
    switch event {
    case .signedOut: .nobody
    // The machine keeps an expired user (see above).
    case .sessionExpired: nil
    case .appLaunched, .configActivated, .configFetchFailed, .loadingTimedOut, .sessionRestored,
      .signedIn, .profileLoaded, .profileFailed, .appBecameActive, .configUpdated,
      .featureBecameBusy, .featureBecameIdle, .storeLinkTapped:
      nil
    }
  }

  /// The user the values are for; nil for no one.
  package var user: UserID? {
    switch self {
    case .nobody: nil
    case .user(let user, _): user
    }
  }

  /// The user's profile, loaded; `notLoaded` for no one.
  package var profile: ProfileStatus {
    switch self {
    case .nobody: .notLoaded
    case .user(_, let profile): .loaded(profile)
    }
  }

  /// Whether a change to this context still applies to `runtime`: its signed-in user is the
  /// context's.
  package func isCurrent(in runtime: RootRuntime) -> Bool {
    runtime.signedInUser == user
  }

  /// `context` for this user, as `ConfigRouter` sets the signals: the id as the randomization
  /// id, the profile's stage and year (none for no one), with the device's
  /// (`deviceSignals`).
  package func evaluationContext(
    _ context: EvaluationContext, appVersion: SemanticVersion, idiom: DeviceIdiom
  ) -> EvaluationContext {
    var context = context
    context.randomizationID = user?.rawValue
    context.customSignals[AppSignals.stage] = nil
    context.customSignals[AppSignals.year] = nil
    return Self.deviceSignals(context, appVersion: appVersion, idiom: idiom, profile: profile)
  }

  /// `context` with the device's idiom and the app's version, and the stage and year of
  /// `profile` where the context has none.
  package static func deviceSignals(
    _ context: EvaluationContext, appVersion: SemanticVersion, idiom: DeviceIdiom,
    profile: ProfileStatus = .notLoaded
  ) -> EvaluationContext {
    var context = context
    context.customSignals[AppSignals.idiom] = nil
    context.appVersion = nil
    return AppSignals.completing(
      context,
      for: RouteInput(session: .unknown, profile: profile, appVersion: appVersion, idiom: idiom))
  }
}
