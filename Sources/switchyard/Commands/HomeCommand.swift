import ConfigClient
import ConfigRouting
import Core
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
    let outcome = scenario.plan(with: app.router(for: template), now: now)
    guard let grade = scenario.grade, let values = outcome.routed?.values,
      let home = app.home(of: outcome.route.screen.feature, grade: grade, values: values, now: now)
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
