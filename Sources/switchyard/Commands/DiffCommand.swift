import ConfigRouting
import Core
import Foundation

extension ToolCommand {
  /// `switchyard diff`: what changed from one template to another, and what the change does
  /// to a population's values and root routes, before it is published.
  static let diff = ToolCommand(
    name: "diff",
    summary: "Compare two templates and what the change does to users' values and routes.",
    synopsis:
      "switchyard diff OLD.json NEW.json [--contexts C.jsonl | --users N --seed S] [--now ISO]"
      + " [--json] [--html FILE] [--fail-on values|routes]",
    options: [
      .value(
        "--contexts", "C.jsonl",
        "The population: evaluate's context lines and route --scenarios lines ('-' for stdin)."),
      .value(
        "--users", "N", "A synthetic population of N users, as simulate draws (default 1000)."),
      .value("--seed", "S", "The synthetic population's seed (default 1)."),
      .value("--now", "ISO", "The evaluation time, ISO-8601 with offset (default: now)."),
      .flag("--json", "Print one JSON object instead of text."),
      .value("--html", "FILE", "Also write the report as one self-contained HTML page."),
      .value(
        "--fail-on", "values|routes",
        "Exit 1 when any user's values (or routes) change; may be given twice."),
    ],
    positionals: 2...2
  ) { arguments, io in
    let failOn = try arguments.values["--fail-on", default: []].map { name in
      guard let reason = DiffFailure(rawValue: name) else {
        throw UsageError(
          command: "diff",
          message: "option '--fail-on': expected values or routes, got \(Excerpt.quoted(name))")
      }
      return reason
    }
    let contexts = arguments.value("--contexts")
    if contexts != nil,
      let synthetic = ["--users", "--seed"].first(where: { arguments.value($0) != nil })
    {
      throw UsageError(
        command: "diff",
        message: "option '\(synthetic)' describes a synthetic population; it cannot be combined"
          + " with '--contexts'")
    }
    let (users, seed) = try SyntheticPopulation.sizeAndSeed(arguments)
    let now = try arguments.time("--now") ?? SystemTimeSource().now
    let app = try AppComposition.standard()
    let (oldPath, newPath) = (arguments.positionals[0], arguments.positionals[1])
    let old = DiffSide(
      file: oldPath,
      router: app.router(for: try TemplateFile.load(oldPath, command: "diff", io: io)))
    let new = DiffSide(
      file: newPath,
      router: app.router(for: try TemplateFile.load(newPath, command: "diff", io: io)))
    let table = DiffKeyTable(
      old: old.router.template, new: new.router.template, defaults: app.defaults)
    let run = DiffRun(old: old.router, new: new.router, table: table, now: now)
    let population: DiffPopulation
    let tally: DiffTally
    if let contexts {
      population = .contexts(path: contexts)
      tally = try await run.tally(contexts: contexts, standardInput: io.standardInput)
    } else {
      population = .synthetic(users: users, seed: seed)
      tally = await run.tally(syntheticUsers: users, seed: seed)
    }
    let report = DiffReport(
      old: old, new: new, population: population, now: now, table: table, tally: tally)
    if let path = arguments.value("--html") {
      try OutputFile.write(report.html, to: path)
    }
    io.printLine(arguments.flag("--json") ? report.json.jsonText : report.text)
    let failed = failOn.contains { reason in
      switch reason {
      case .values: report.usersWithChangedValues > 0
      case .routes: report.routes.changedUsers > 0
      }
    }
    return failed ? .failure : .success
  }
}
