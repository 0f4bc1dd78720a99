import ConfigRouting
import Core
import Foundation

extension ToolCommand {
  /// `switchyard check`: a file of named scenarios (or routing sequences) with the route and
  /// values each must get, checked against a template, so a CI job holds a template change to what a team expects.
  static let check = ToolCommand(
    name: "check",
    summary: "Check expectations (scenario, screen, orientations, values) against a template.",
    synopsis: "switchyard check EXPECTATIONS.jsonl [--template T.json] [--now ISO]",
    options: [
      TemplateFile.optionalOption,
      .value(
        "--now", "ISO",
        "The evaluation time, ISO-8601 with offset (default: now); a scenario's context.now wins."),
    ],
    positionals: 1...1
  ) { arguments, io in
    let now = try arguments.time("--now") ?? SystemTimeSource().now
    let app = try AppComposition.standard()
    let router = app.router(for: try TemplateFile.loadOrSample(arguments, io: io))
    let screens = app.screenNames
    let path = arguments.positionals[0]
    let loadTemplate = TemplateFile.loader(relativeTo: path, command: "check", io: io)
    let failed = LockedState(0)
    // Lines are independent (a line of events runs a runtime of its own, which awaits), so
    // they are answered on every core and written in input order.
    let status = try await JSONLinesInput.runConcurrently(path, io: io) { object, _, writer in
      let expectation = try RouteExpectation(json: object, screens: screens)
      let failures = try await expectation.failures(
        with: router, now: now, loadTemplate: loadTemplate)
      if !failures.isEmpty { failed.withLock { $0 += 1 } }
      writer.write(
        [
          "name": .string(expectation.name), "pass": .bool(failures.isEmpty),
          "failures": .array(failures.map(\.json)),
        ] as JSONValue)
    }
    return failed.withLock { $0 } > 0 ? .failure : status
  }
}
