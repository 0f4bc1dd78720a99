import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting

/// One user's situation as `route`, `home` and `simulate` model it: whether a config is
/// available, the session, the profile, the app, the device, and the evaluation context.
struct RouteScenario: Sendable {
  /// The app version assumed when a scenario gives none.
  static let defaultAppVersion: SemanticVersion = {
    guard let version = SemanticVersion("2.3.0") else { preconditionFailure("a valid literal") }
    return version
  }()

  /// False models an app still waiting for its first config.
  var configAvailable = true
  var session: SessionStatus
  var profile: ProfileStatus
  var appVersion: SemanticVersion
  var idiom: DeviceIdiom
  /// The evaluation context as given; the router adds the app's signals (`AppSignals`).
  var context: EvaluationContext

  /// What the route decision itself depends on besides the config.
  var input: RouteInput {
    RouteInput(session: session, profile: profile, appVersion: appVersion, idiom: idiom)
  }

  /// The signed-in user's grade, when the profile is loaded.
  var grade: Grade? {
    if case .loaded(let profile) = profile { return profile.grade }
    return nil
  }

  /// Routes this scenario through `router` (the template evaluated with the app's signals)
  /// when a config is available, else as an app still waiting for its first config.
  func plan(with router: ConfigRouter, now: Date) -> RouteOutcome {
    plan { router.route(input, context: context, now: now) }
  }

  /// Routes this scenario as `plan(with:now:)` does, through `batch`, which reuses the
  /// configurations it prepared for earlier scenarios with the same values.
  func plan(with batch: inout ConfigRouter.Batch, now: Date) -> RouteOutcome {
    plan { batch.route(input, context: context, now: now) }
  }

  private func plan(_ route: () -> ConfigRoute) -> RouteOutcome {
    guard configAvailable else {
      return RouteOutcome(route: ConfigRouter.routeWithoutConfig(input), routed: nil)
    }
    let routed = route()
    return RouteOutcome(route: routed.route, routed: routed)
  }
}
