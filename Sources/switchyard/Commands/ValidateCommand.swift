import ConfigEngine
import Core

extension ToolCommand {
  /// `switchyard validate T.json`: checks a template and lists every problem.
  static let validate = ToolCommand(
    name: "validate",
    summary: "Check a template the way Firebase's console would, and more; list every problem.",
    synopsis: "switchyard validate T.json [--json]",
    options: [.flag("--json", "Print one JSON object instead of text.")],
    positionals: 1...1
  ) { arguments, io in
    let path = arguments.positionals[0]
    let data = try InputFile.readData(at: path)
    // One reading gives both the problems and, for the summary, the template.
    let result = TemplateValidator().read(utf8: data)
    let problems = result.problems
    let errors = problems.filter { $0.severity == .error }
    let warnings = problems.filter { $0.severity == .warning }
    if arguments.flag("--json") {
      func list(_ problems: [TemplateProblem]) -> JSONValue {
        .array(problems.map { ["location": .string($0.location), "message": .string($0.message)] })
      }
      let report: JSONValue = [
        "file": .string(path), "valid": .bool(errors.isEmpty), "errors": list(errors),
        "warnings": list(warnings),
      ]
      io.printLine(report.jsonText)
    } else {
      for problem in problems { io.printLine("\(path): \(problem)") }
      if errors.isEmpty {
        let summary =
          "\(plural(result.template?.parameters.count ?? 0, "parameter")), \(plural(result.template?.conditions.count ?? 0, "condition"))"
        let warningText = warnings.isEmpty ? "" : ", " + plural(warnings.count, "warning")
        io.printLine("\(path): valid (\(summary)\(warningText))")
      } else {
        io.printLine(
          "\(path): invalid (\(plural(errors.count, "error")), \(plural(warnings.count, "warning")))"
        )
      }
    }
    return errors.isEmpty ? .success : .failure
  }
}

/// `1 error`, `2 errors`.
private func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
