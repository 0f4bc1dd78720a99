import ConfigRouting
import Core
import Foundation

extension ToolCommand {
  /// `switchyard route`: the root screen for each scenario (or the one the flags describe),
  /// with the reasons and orientations, through the template and the two real features.
  static let route = makeRoute(environment: .live)

  /// The `route` command; with `--firebase-app`, on `environment`'s clock, hosts and
  /// randomness, from the values Firebase serves the app for the flags' user
  /// (`FirebaseAppRouting`).
  static func makeRoute(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "route",
      summary: "Decide the root screen for a user, with the reasons and orientations.",
      synopsis:
        "switchyard route [--template T.json | --firebase-app APP_ID --api-key KEY --cache DIR]"
        + " (--scenarios S.jsonl | [--signed-in] [--stage S --year N] ...) [--explain]",
      options: [
        TemplateFile.optionalOption,
        .value("--scenarios", "S.jsonl", "One scenario per line ('-' for stdin); see README."),
        .flag("--explain", "Print the screen, orientations, reasons and values for a person."),
      ] + UserFlags.options + FirebaseAppRouting.options
    ) { arguments, io in
      try await runRoute(arguments, io, environment: environment)
    }
  }

  private static func runRoute(
    _ arguments: ParsedArguments, _ io: ToolIO, environment: NetworkCommandEnvironment
  ) async throws -> ExitStatus {
    let explain = arguments.flag("--explain")
    guard let path = arguments.value("--scenarios") else {
      // One user, the flags'.
      let scenario = try UserFlags.scenario(arguments)
      guard
        let template = try await FirebaseAppRouting.template(
          for: scenario, arguments, io: io, environment: environment)
      else { return .failure }
      let planner = try RoutePlanning(template, clock: environment.timeSource)
      if explain {
        io.printLine(planner.explanation(scenario))
      } else {
        var writer = JSONTextWriter()
        RouteReport.write(planner.plan(scenario).route, into: &writer)
        io.printLine(writer.text)
      }
      return .success
    }
    let userFlags = UserFlags.options.map(\.name).filter {
      arguments.values[$0] != nil || arguments.flags.contains($0)
    }
    if let flag = userFlags.first {
      throw UsageError(
        command: "route",
        message: "option '\(flag)' describes one user; it cannot be combined with '--scenarios'")
    }
    guard
      let template = try await FirebaseAppRouting.template(
        for: nil, arguments, io: io, environment: environment)
    else { return .failure }
    let planner = try RoutePlanning(template, clock: environment.timeSource)
    guard explain else {
      return try await JSONLinesInput.run(
        path, io: io,
        JSONLinesAnswer { object, _, writer in
          RouteReport.write(planner.plan(try RouteScenario(json: object)).route, into: &writer)
        })
    }
    // For people: each scenario under a numbered heading, a blank line between them.
    @Sendable func heading(_ number: Int) -> String {
      (number > 1 ? "\n" : "") + "scenario \(number)\n"
    }
    return try await JSONLinesInput.run(
      path, io: io,
      JSONLinesAnswer { object, number, writer in
        writer.writeRaw(heading(number) + planner.explanation(try RouteScenario(json: object)))
      } failed: { message, number, writer in
        writer.writeRaw(heading(number) + "error: " + message)
      })
  }
}
