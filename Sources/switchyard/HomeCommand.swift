import ConfigClient
import Core
import ElementaryFeature
import Foundation
import JuniorHighFeature
import RootRouting

extension ToolCommand {
  /// `switchyard home`: the chosen feature's home model for one signed-in user, as JSON.
  static let home = ToolCommand(
    name: "home",
    summary: "Print the home model of the feature that serves a signed-in user, as JSON.",
    synopsis:
      "switchyard home [--template T.json] --stage S --year N --idiom I [--now ISO] [--user-id U]",
    options: [TemplateFile.optionalOption]
      + UserFlags.options.filter { $0.name != "--signed-in" }
  ) { arguments, io in
    for required in ["--stage", "--year", "--idiom"] {
      _ = try arguments.required(required)
    }
    let template = try TemplateFile.loadOrSample(arguments)
    let app = try AppComposition.standard()
    let scenario = try UserFlags.scenario(arguments, signedIn: true)
    let now = scenario.context.now ?? SystemTimeSource().now
    let outcome = scenario.plan(template: template, app: app, now: now)
    guard let grade = scenario.grade, let values = outcome.values,
      let home = HomeModel.json(
        for: outcome.route.screen.feature, grade: grade, values: values, now: now)
    else {
      // No feature serves the user: say which screen they get instead, and why.
      let answer: JSONValue = [
        "screen": .string(outcome.route.screen.name),
        "reasons": .array(outcome.route.reasons.map { .string($0.description) }),
      ]
      io.printLine(answer.jsonText)
      return .success
    }
    io.printLine(home.jsonText)
    return .success
  }
}

/// The feature home models as the `home` command prints them: each model's own `Encodable`
/// form, with keys sorted for stable output and `feature` first so the reader sees whose
/// home it is.
enum HomeModel {
  static func json(
    for feature: FeatureID?, grade: Grade, values: any ConfigValues, now: Date
  ) -> JSONValue? {
    let encoded: Data?
    switch feature {
    case FeatureID.elementary?:
      encoded = encode(ElementaryFeature.home(for: grade, values: values))
    case FeatureID.juniorHigh?:
      encoded = encode(JuniorHighFeature.home(for: grade, values: values, at: now))
    default:
      encoded = nil
    }
    guard let encoded, case .object(var object) = try? JSONParser().parse(encoded) else {
      return nil
    }
    if let identity = object["feature"] {
      object["feature"] = nil
      object = JSONObject([("feature", identity)] + object.map { ($0.key, $0.value) })
    }
    return .object(object)
  }

  private static func encode(_ model: some Encodable) -> Data? {
    try? ConfigJSONCoding.makeEncoder().encode(model)
  }
}
