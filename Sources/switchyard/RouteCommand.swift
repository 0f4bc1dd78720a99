import ConfigClient
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
    let app = try AppComposition.standard()
    let explain = arguments.flag("--explain")
    let clock = SystemTimeSource()
    func answer(_ scenario: RouteScenario) -> String {
      let now = scenario.context.now ?? clock.now
      let outcome = scenario.plan(template: template, app: app, now: now)
      guard explain else { return RouteReport.json(outcome.route).jsonText }
      return RouteReport.explanation(
        outcome, scenario: scenario, template: template, app: app, now: now)
    }
    guard let path = arguments.value("--scenarios") else {
      io.printLine(answer(try UserFlags.scenario(arguments)))
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
        let scenario = try RouteScenario(json: object)
        let now = scenario.context.now ?? clock.now
        return RouteReport.json(scenario.plan(template: template, app: app, now: now).route)
      }
    }
    var status = ExitStatus.success
    for (offset, line) in lines.enumerated() {
      if offset > 0 { io.printLine("") }
      io.printLine("scenario \(offset + 1)")
      do {
        guard case .object(let object) = try JSONParser().parse(line) else {
          throw LineError("expected a JSON object")
        }
        io.printLine(answer(try RouteScenario(json: object)))
      } catch {
        status = .failure
        io.printLine("error: line \(offset + 1): \(error)")
      }
    }
    return status
  }
}
