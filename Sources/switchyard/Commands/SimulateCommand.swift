import ConfigRouting
import Core
import Foundation
import RootRouting

extension ToolCommand {
  /// `switchyard simulate`: a synthetic population through the template and the router, so
  /// a team sees what a template change does before publishing it.
  static let simulate = ToolCommand(
    name: "simulate",
    summary: "Route a synthetic population; print each screen's share and each feature's reasons.",
    synopsis: "switchyard simulate [--template T.json] [--users N] [--seed S] [--now ISO] [--json]",
    options: [
      TemplateFile.optionalOption,
      .value("--users", "N", "How many users (default 1000)."),
      .value("--seed", "S", "The population's seed (default 1); the same seed, the same users."),
      .value("--now", "ISO", "The evaluation time, ISO-8601 with offset (default: now)."),
      .flag("--json", "Print one JSON object instead of text."),
    ]
  ) { arguments, io in
    let (count, seed) = try SyntheticPopulation.sizeAndSeed(arguments)
    let now = try arguments.time("--now") ?? SystemTimeSource().now
    let template = try TemplateFile.loadOrSample(arguments, io: io)
    let app = try AppComposition.standard()
    let router = app.router(for: template)
    let report = await SimulationRun(users: count, seed: seed, descriptors: app.descriptors)
      .report(router: router, now: now, progress: io.errorIsTerminal ? io.writeError : nil)
    if arguments.flag("--json") {
      io.printLine(report.json.jsonText)
    } else {
      let source = arguments.value("--template") ?? SampleTemplate.name
      io.printLine(report.text(templateName: source))
    }
    return .success
  }
}
