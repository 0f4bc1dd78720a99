import ConfigClient
import ConfigRouting
import Core
import Foundation

extension ToolCommand {
  /// `switchyard route`: the root screen for each scenario (or the one the flags describe),
  /// with the reasons and orientations, through the template and the two real features.
  static let route = ToolCommand(
    name: "route",
    summary: "Decide the root screen for a user, with the reasons and orientations.",
    synopsis:
      "switchyard route [--template T.json] (--scenarios S.jsonl | [--signed-in] [--stage S --year N] ...) [--explain]",
    options: [
      TemplateFile.optionalOption,
      .value("--scenarios", "S.jsonl", "One scenario per line ('-' for stdin); see README."),
      .flag("--explain", "Print the screen, orientations, reasons and values for a person."),
    ] + UserFlags.options
  ) { arguments, io in
    let template = try TemplateFile.loadOrSample(arguments)
    let router = try AppComposition.standard().router(for: template)
    let explain = arguments.flag("--explain")
    let clock = SystemTimeSource()
    func plan(_ scenario: RouteScenario) -> RouteOutcome {
      scenario.plan(with: router, now: scenario.context.now ?? clock.now)
    }
    func explanation(_ scenario: RouteScenario) -> String {
      RouteReport.explanation(plan(scenario), router: router)
    }
    guard let path = arguments.value("--scenarios") else {
      let scenario = try UserFlags.scenario(arguments)
      io.printLine(
        explain ? explanation(scenario) : RouteReport.json(plan(scenario).route).jsonText)
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
    let lines = try JSONLinesInput.lines(at: path, io: io)
    guard explain else {
      return JSONLinesInput.answer(lines, io: io) { object, _ in
        RouteReport.json(plan(try RouteScenario(json: object)).route)
      }
    }
    // For people: each scenario under a numbered heading, a blank line between them.
    func heading(_ number: Int) -> String { (number > 1 ? "\n" : "") + "scenario \(number)\n" }
    return JSONLinesInput.answer(lines, io: io) { object, number in
      heading(number) + explanation(try RouteScenario(json: object))
    } failed: { message, number in
      heading(number) + "error: " + message
    }
  }
}
