import ConfigClient
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
    try FirebaseAppRouting.checkOptions(arguments)
    let template: CompiledTemplate
    if FirebaseAppRouting.isRequested(arguments) {
      guard arguments.value("--scenarios") == nil else {
        throw UsageError(
          command: "route",
          message: "'--firebase-app' routes the one user the flags describe, not '--scenarios'")
      }
      guard
        let active = try await FirebaseAppRouting.activeTemplate(
          for: try UserFlags.scenario(arguments), arguments, io: io, environment: environment)
      else { return .failure }
      template = active
    } else {
      template = try TemplateFile.loadOrSample(arguments)
    }
    let router = try AppComposition.standard().router(for: template)
    let explain = arguments.flag("--explain")
    let clock = SystemTimeSource()
    @Sendable func plan(_ scenario: RouteScenario) -> RouteOutcome {
      scenario.plan(with: router, now: scenario.context.now ?? clock.now)
    }
    @Sendable func explanation(_ scenario: RouteScenario) -> String {
      RouteReport.explanation(plan(scenario), router: router)
    }
    guard let path = arguments.value("--scenarios") else {
      let scenario = try UserFlags.scenario(arguments)
      guard !explain else {
        io.printLine(explanation(scenario))
        return .success
      }
      var writer = JSONTextWriter()
      RouteReport.write(plan(scenario).route, into: &writer)
      io.printLine(writer.text)
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
    guard explain else {
      return try await JSONLinesInput.run(
        path, io: io,
        JSONLinesAnswer { object, _, writer in
          RouteReport.write(plan(try RouteScenario(json: object)).route, into: &writer)
        })
    }
    // For people: each scenario under a numbered heading, a blank line between them.
    @Sendable func heading(_ number: Int) -> String {
      (number > 1 ? "\n" : "") + "scenario \(number)\n"
    }
    return try await JSONLinesInput.run(
      path, io: io,
      JSONLinesAnswer { object, number, writer in
        writer.writeRaw(heading(number) + explanation(try RouteScenario(json: object)))
      } failed: { message, number, writer in
        writer.writeRaw(heading(number) + "error: " + message)
      })
  }
}
