import ConfigEngine
import Core
import RootRouting

extension RouteScenario {
  /// The scenario as the `route --scenarios` line that reads back as it, so a report can
  /// name a user a person replays with `route`. A profile that failed to load has no line
  /// spelling and is written as none.
  var jsonObject: JSONObject {
    var object = JSONObject()
    if !configAvailable { object["config"] = "none" }
    object["session"] = .string(session.rawValue)
    if let grade {
      var profile = JSONObject([
        ("stage", .string(grade.stage.name)), ("year", .number(JSONNumber(grade.year))),
      ])
      if case .loaded(let loaded) = self.profile, let feature = loaded.assignedFeature {
        profile["feature"] = .string(feature.rawValue)
      }
      object["profile"] = .object(profile)
    } else {
      object["profile"] = .null
    }
    object["app"] = ["version": .string(appVersion.description)]
    object["device"] = ["idiom": .string(idiom.rawValue)]
    object["context"] = .object(context.jsonObject)
    return object
  }
}
