import ConfigClient
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
  /// The evaluation context the app would set; see `completedContext`.
  var context: EvaluationContext

  /// The context with what the app itself sets from the profile and the device, where the
  /// scenario does not give it: custom signals `stage`, `year` (from the loaded profile) and
  /// `idiom`, `appVersion`, and `platform` `ios`.
  var completedContext: EvaluationContext {
    var context = self.context
    if case .loaded(let profile) = profile {
      if context.customSignals["stage"] == nil {
        context.customSignals["stage"] = .string(profile.grade.stage.name)
      }
      if context.customSignals["year"] == nil {
        context.customSignals["year"] = .number(JSONNumber(profile.grade.year))
      }
    }
    if context.customSignals["idiom"] == nil {
      context.customSignals["idiom"] = .string(idiom.rawValue)
    }
    if context.appVersion == nil { context.appVersion = appVersion.description }
    if context.platform == nil { context.platform = "ios" }
    return context
  }

  /// The signed-in user's grade, when the profile is loaded.
  var grade: Grade? {
    if case .loaded(let profile) = profile { return profile.grade }
    return nil
  }

  /// Evaluates `template` for this scenario (when a config is available) and plans the route.
  func plan(template: CompiledTemplate, app: AppComposition, now: Date) -> RouteOutcome {
    let input = RouteInput(session: session, profile: profile, appVersion: appVersion, idiom: idiom)
    guard configAvailable else {
      return RouteOutcome(route: RoutePlanner.route(input, configuration: nil), values: nil)
    }
    let values = template.evaluate(completedContext, defaults: app.defaults, now: now)
    let configuration = RouteConfiguration(
      values: values, descriptors: app.descriptors, origin: .activated)
    return RouteOutcome(
      route: RoutePlanner.route(input, configuration: configuration), values: values)
  }
}

/// A planned route and the values it was planned with (nil when no config was available).
struct RouteOutcome: Sendable {
  let route: Route
  let values: EvaluatedConfig?
}
