import ConfigEngine
import Core
import Foundation

extension ToolCommand {
  /// `switchyard evaluate`: evaluates a template for each context line and prints every key's
  /// value and source as one JSON line per context.
  static let evaluate = ToolCommand(
    name: "evaluate",
    summary: "Evaluate a template for each context and print every key's value and source.",
    synopsis:
      "switchyard evaluate [--template T.json] [--defaults D.json] [--contexts C.jsonl] [--explain]",
    options: [
      TemplateFile.optionalOption,
      .value("--defaults", "D.json", "A flat JSON object of in-app defaults."),
      .value("--contexts", "C.jsonl", "One evaluation context per line ('-' for stdin)."),
      .flag("--explain", "Add the reasons behind each value."),
    ]
  ) { arguments, io in
    let template = try TemplateFile.loadOrSample(arguments, io: io)
    let defaults = try arguments.value("--defaults").map(DefaultsFile.load) ?? InAppDefaults()
    let explain = arguments.flag("--explain")
    let time = SystemTimeSource()
    let json = EvaluatedConfigJSON(template: template, defaults: defaults, explained: explain)
    @Sendable func answer(_ context: EvaluationContext, into writer: inout JSONTextWriter) {
      let now = time.now
      let values = template.evaluate(context, defaults: defaults, now: now)
      // One explanation pass for every key: each condition is evaluated once, not per key.
      let reasons =
        explain
        ? template.explain(keys: json.keys, context, defaults: defaults, now: now).map(\.reasons)
        : nil
      json.write(values, reasons: reasons, into: &writer)
    }
    guard let contexts = arguments.value("--contexts") else {
      var writer = JSONTextWriter()
      answer(EvaluationContext(), into: &writer)
      io.printLine(writer.text)
      return .success
    }
    return try await JSONLinesInput.run(
      contexts, io: io,
      JSONLinesAnswer(
        { object, _, writer in answer(try EvaluationContext(json: object), into: &writer) },
        direct: { line, _, writer in
          // Most lines are read straight from their bytes; the rest, and every bad one,
          // go through the parser above.
          guard let context = EvaluationContextLineReader.read(line) else { return false }
          answer(context, into: &writer)
          return true
        }))
  }
}
