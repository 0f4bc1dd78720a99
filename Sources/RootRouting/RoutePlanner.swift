import Core

/// Decides the root screen: a pure function of a prepared `RouteConfiguration` (nil while no
/// config is available) and the per-decision `RouteInput`.
///
/// Rules, first match wins:
/// 1. no config available yet: `loading`;
/// 2. the app is older than the forced-update minimum: `updateRequired`;
/// 3. maintenance is on: `maintenance`;
/// 4. session unknown: `loading`; signed out: `login`;
/// 5. signed in without a profile: `loading` (or `unavailable`, retryable, when loading the
///    profile failed);
/// 6. the backend assigned a feature: that feature if it is registered and serves the user,
///    else `unavailable` with its reason (or "not a registered feature");
/// 7. otherwise the first registered feature that serves the user; none: `unavailable`
///    with every feature's "no, because ...".
///
/// The reasons start with where the config came from and its diagnostics, then the step
/// that decided. The decision reads prepared values and calls each feature's cheap rule;
/// its one allocation is the returned route's reasons.
public enum RoutePlanner {
  /// The route for `input` under `configuration`.
  public static func route(_ input: RouteInput, configuration: RouteConfiguration?) -> Route {
    let platformDefault = FeatureOrientations.platformDefault[input.idiom]
    guard let configuration else {
      return Route(
        screen: .loading, reasons: [.because("no config is available yet")],
        orientations: platformDefault)
    }
    var reasons: [Reason] = []
    reasons.reserveCapacity(configuration.diagnostics.count + configuration.features.count + 4)
    reasons.append(configuration.origin.reason)
    reasons.append(contentsOf: configuration.diagnostics)

    let screen: Screen
    let reason: Reason
    decision: do {
      if let update = configuration.forcedUpdate, update.requiresUpdate(from: input.appVersion) {
        screen = .updateRequired(update)
        reason = .because(
          "app version \(input.appVersion) is lower than the required \(update.minimumVersion)")
        break decision
      }
      if configuration.isUnderMaintenance {
        screen = .maintenance(message: configuration.maintenanceMessage)
        reason = .because("maintenance is on")
        break decision
      }
      switch input.session {
      case .unknown:
        screen = .loading
        reason = .because("the session is being restored")
        break decision
      case .signedOut:
        screen = .login
        reason = .because("no one is signed in")
        break decision
      case .signedIn:
        break
      }
      let profile: UserProfile
      switch input.profile {
      case .notLoaded:
        screen = .loading
        reason = .because("signed in; the profile is loading")
        break decision
      case .failed(let failure):
        screen = .unavailable(retryable: true)
        reason = .because(
          "the profile could not be loaded (\(failure)); retrying when the app becomes active")
        break decision
      case .loaded(let loaded):
        profile = loaded
      }
      let user = FeatureUser(grade: profile.grade, idiom: input.idiom)
      if let assigned = profile.assignedFeature {
        guard let feature = configuration.features.first(where: { $0.id == assigned }) else {
          screen = .unavailable(retryable: false)
          reason = .because("the backend assigned '\(assigned)', which is not a registered feature")
          break decision
        }
        reasons.append(feature.assignedReason)
        if let route = ask(feature, for: user, reasons: &reasons) { return route }
        return Route(
          screen: .unavailable(retryable: false), reasons: reasons, orientations: platformDefault)
      }
      for feature in configuration.features {
        if let route = ask(feature, for: user, reasons: &reasons) { return route }
      }
      screen = .unavailable(retryable: false)
      reason = .because(
        configuration.features.isEmpty
          ? "no feature is registered" : "no registered feature serves \(profile.grade)")
    }
    reasons.append(reason)
    return Route(screen: screen, reasons: reasons, orientations: platformDefault)
  }

  /// Asks one feature: appends its diagnostics and answer to `reasons`, and returns its
  /// route when it serves the user.
  private static func ask(
    _ feature: RouteConfiguration.PreparedFeature, for user: FeatureUser, reasons: inout [Reason]
  ) -> Route? {
    reasons.append(contentsOf: feature.rule.diagnostics)
    let eligibility = feature.rule.eligibility(for: user)
    reasons.append(eligibility.reason)
    guard eligibility.serves else { return nil }
    return Route(
      screen: .feature(feature.id), reasons: reasons,
      orientations: feature.orientations[user.idiom])
  }
}
