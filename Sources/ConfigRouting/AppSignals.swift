public import ConfigEngine
import Core
public import RootRouting

/// The custom signals an app sets on its evaluation context from the signed-in user's profile
/// and the device, so a template can target them (`app.customSignal['stage']`), with the
/// rule for setting them. Named once here: a template's conditions, the app and a server
/// that routes for it must agree on these names, and a typo in any of them would make a
/// condition silently false.
///
/// ```swift
/// let condition = "app.customSignal['\(AppSignals.stage)'].exactlyMatches(['elementary'])"
/// let context = AppSignals.completing(EvaluationContext(randomizationID: userID), for: input)
/// ```
public enum AppSignals {
  /// The signed-in user's school stage by name (`elementary`, `juniorHigh`, `highSchool`).
  public static let stage = "stage"
  /// The signed-in user's year within the stage, a number (1 for the first year).
  public static let year = "year"
  /// The device: `phone` or `pad`.
  public static let idiom = "idiom"
  /// The `device.os` the app reports: the features' devices are iPhones and iPads.
  public static let platform = "ios"

  /// `context` with what the app sets itself, wherever `context` does not already say:
  /// `stage` and `year` from a loaded profile, `idiom` from the device, `appVersion` from the
  /// running app, and `platform` `ios`. A value the context gives wins, so a caller can
  /// pretend to be another device or grade.
  public static func completing(
    _ context: EvaluationContext, for input: RouteInput
  ) -> EvaluationContext {
    var context = context
    if case .loaded(let profile) = input.profile {
      if context.customSignals[stage] == nil {
        context.customSignals[stage] = .string(profile.grade.stage.name)
      }
      if context.customSignals[year] == nil {
        context.customSignals[year] = .number(JSONNumber(profile.grade.year))
      }
    }
    if context.customSignals[idiom] == nil {
      context.customSignals[idiom] = .string(input.idiom.rawValue)
    }
    if context.appVersion == nil { context.appVersion = input.appVersion.description }
    if context.platform == nil { context.platform = platform }
    return context
  }
}
