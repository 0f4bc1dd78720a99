import ConfigEngine
import Core

/// How `serve` reads a template it is given as bytes (`--template`'s file at start and on each
/// change): read and checked as `validate` checks it, except that a condition element this
/// version does not know is a warning (false where it stands), as for every evaluation. A
/// template with any other error is refused, so a half-edited file never replaces a good one.
enum ServedTemplateFile {
  /// The compiled template, and the warnings to print.
  /// - Throws: `InputFileError` naming `path` and the first errors, when it is refused.
  static func read(_ bytes: [UInt8], path: String) throws(InputFileError) -> (
    CompiledTemplate, warnings: [TemplateProblem]
  ) {
    let result = TemplateValidator().read(utf8: bytes)
    let errors = result.problems.filter {
      $0.severity == .error && $0.kind != .unknownConditionElement
    }
    guard let template = result.template, errors.isEmpty else {
      let shown = errors.prefix(3).map(\.description).joined(separator: "; ")
      let more = errors.count > 3 ? "; and \(errors.count - 3) more" : ""
      throw InputFileError(path: path, reason: "is not a valid template: \(shown)\(more)")
    }
    let compiled = CompiledTemplate(template)
    return (compiled, compiled.conditionWarnings)
  }
}
