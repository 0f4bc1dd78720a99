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

    if let (screen, reason) = gate(input, configuration) {
      reasons.append(reason)
      return Route(screen: screen, reasons: reasons, orientations: platformDefault)
    }
    let profile: UserProfile
    switch input.profile {
    case .notLoaded:
      reasons.append(.because("signed in; the profile is loading"))
      return Route(screen: .loading, reasons: reasons, orientations: platformDefault)
    case .failed(let failure):
      reasons.append(
        .because(
          "the profile could not be loaded (\(failure)); retrying when the app becomes active"))
      return Route(
        screen: .unavailable(retryable: true), reasons: reasons, orientations: platformDefault)
    case .loaded(let loaded):
      profile = loaded
    }
    let user = FeatureUser(grade: profile.grade, idiom: input.idiom)
    if let assigned = profile.assignedFeature {
      guard let feature = configuration.features.first(where: { $0.id == assigned }) else {
        reasons.append(
          .because("the backend assigned '\(assigned)', which is not a registered feature"))
        return Route(
          screen: .unavailable(retryable: false), reasons: reasons, orientations: platformDefault)
      }
      reasons.append(feature.assignedReason)
      if let route = ask(feature, for: user, reasons: &reasons) { return route }
      return Route(
        screen: .unavailable(retryable: false), reasons: reasons, orientations: platformDefault)
    }
    for feature in configuration.features {
      if let route = ask(feature, for: user, reasons: &reasons) { return route }
    }
    reasons.append(
      .because(
        configuration.features.isEmpty
          ? "no feature is registered" : "no registered feature serves \(profile.grade)"))
    return Route(
      screen: .unavailable(retryable: false), reasons: reasons, orientations: platformDefault)
  }

  /// The gates before the profile matters (rules 2 to 4): the screen one of them shows and
  /// why, or nil when a signed-in user gets past them all.
  private static func gate(
    _ input: RouteInput, _ configuration: RouteConfiguration
  ) -> (screen: Screen, reason: Reason)? {
    if let update = configuration.forcedUpdate, update.requiresUpdate(from: input.appVersion) {
      return (
        .updateRequired(update),
        .because(
          "app version \(input.appVersion) is lower than the required \(update.minimumVersion)")
      )
    }
    if configuration.isUnderMaintenance {
      return (
        .maintenance(message: configuration.maintenanceMessage), .because("maintenance is on")
      )
    }
    switch input.session {
    case .unknown: return (.loading, .because("the session is being restored"))
    case .signedOut: return (.login, .because("no one is signed in"))
    case .signedIn: return nil
    }
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
