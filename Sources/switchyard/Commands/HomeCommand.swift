import ConfigRouting
import Core
import RootRouting

extension ToolCommand {
  /// `switchyard home`: the chosen feature's home model for one signed-in user, as JSON.
  static let home = makeHome(environment: .live)

  /// The `home` command; with `--firebase-app`, on `environment`'s clock, hosts and
  /// randomness, from the values Firebase serves the app for the flags' user.
  static func makeHome(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "home",
      summary: "Print the home model of the feature that serves a signed-in user, as JSON.",
      synopsis:
        "switchyard home [--template T.json | --firebase-app APP_ID --api-key KEY --cache DIR]"
        + " --stage S --year N --idiom I [--now ISO] [--user-id U]",
      options: [TemplateFile.optionalOption]
        + UserFlags.options.filter { $0.name != "--signed-in" } + FirebaseAppRouting.options
    ) { arguments, io in
      try await runHome(arguments, io, environment: environment)
    }
  }

  private static func runHome(
    _ arguments: ParsedArguments, _ io: ToolIO, environment: NetworkCommandEnvironment
  ) async throws -> ExitStatus {
    for required in ["--stage", "--year", "--idiom"] {
      _ = try arguments.required(required)
    }
    let scenario = try UserFlags.scenario(arguments, signedIn: true)
    guard
      let template = try await FirebaseAppRouting.template(
        for: scenario, arguments, io: io, environment: environment)
    else { return .failure }
    let planner = try RoutePlanning(template, clock: environment.timeSource)
    let outcome = planner.plan(scenario)
    guard let grade = scenario.grade, let routed = outcome.routed,
      let home = planner.app.home(
        of: outcome.route.screen.feature, grade: grade, values: routed.values, now: routed.now)
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
