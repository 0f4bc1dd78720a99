import ConfigEngine
import Core
import Foundation

extension ToolCommand {
  /// `switchyard root`: a routing sequence run through the real root runtime, one event a
  /// line, answered by the runtime's actions for it (`RootTranscript`).
  static let root = ToolCommand(
    name: "root",
    summary: "Run a sequence of app events through the root's runtime and print its actions.",
    synopsis:
      "switchyard root [--template T.json] --events E.jsonl [--app-version V] [--idiom I]"
      + " [--now ISO] [--explain]",
    options: [
      TemplateFile.optionalOption,
      .value(
        "--events", "E.jsonl",
        "One event per line ('-' for stdin); a configUpdated's template is relative to it."),
      .flag("--explain", "Print each event's actions, routes and reasons for a person."),
    ] + UserFlags.options.filter { ["--idiom", "--app-version", "--now"].contains($0.name) }
  ) { arguments, io in
    try await runRoot(arguments, io)
  }

  private static func runRoot(_ arguments: ParsedArguments, _ io: ToolIO) async throws
    -> ExitStatus
  {
    let path = try arguments.required("--events")
    let device = try UserFlags.scenario(arguments)
    let template = try TemplateFile.loadOrSample(arguments, io: io)
    var transcript = try RootTranscript(
      template: template, appVersion: device.appVersion, idiom: device.idiom,
      now: device.context.now ?? Date(),
      loadTemplate: TemplateFile.loader(relativeTo: path, command: "root", io: io))
    defer { transcript.stop() }
    guard arguments.flag("--explain") else {
      return try await JSONLinesInput.runInOrder(path, io: io) { object, number, writer in
        let event = try RootTranscriptEvent(json: object)
        let outcome = try await transcript.handle(event, line: number)
        RootTranscriptReport.write(outcome, line: number, into: &writer)
      }
    }
    return try await JSONLinesInput.runInOrder(path, io: io) { object, number, writer in
      let event = try RootTranscriptEvent(json: object)
      let outcome = try await transcript.handle(event, line: number)
      writer.writeRaw(
        (number > 1 ? "\n" : "")
          + RootTranscriptReport.explanation(outcome, of: event, line: number))
    } failed: { message, number, writer in
      // The message names its line, as `route --explain` prints it.
      writer.writeRaw((number > 1 ? "\n" : "") + "error: " + message)
    }
  }
}
