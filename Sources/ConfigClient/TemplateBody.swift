import Core

/// A template the client accepted: its JSON exactly as fetched (what is persisted) and the
/// compiled form (what is evaluated). Shared, never copied, between the fetched and the
/// active layer.
struct TemplateBody: Sendable {
  /// The template JSON, UTF-8.
  let bytes: [UInt8]
  /// The template, compiled.
  let compiled: CompiledTemplate

  /// Parses and validates `bytes` as `TemplateValidator` does; only errors reject.
  /// - Throws: `TemplateError` with every error found, then the warnings.
  init(validating bytes: [UInt8]) throws(TemplateError) {
    let document: JSONValue
    do {
      document = try JSONParser().parse(bytes)
    } catch {
      throw TemplateError(problems: [
        TemplateProblem(.error, at: "line \(error.line), column \(error.column)", error.message)
      ])
    }
    let result = TemplateReader().read(document)
    var problems = result.problems
    if let template = result.template {
      problems += TemplateValidator().check(template)
    }
    let errors = problems.filter { $0.severity == .error }
    guard let template = result.template, errors.isEmpty else {
      throw TemplateError(problems: errors + problems.filter { $0.severity == .warning })
    }
    self.bytes = bytes
    self.compiled = CompiledTemplate(template)
  }

  /// Reads a template the client saved itself, from its already parsed JSON; the bytes
  /// are the JSON written back out.
  /// - Throws: `TemplateError` when the saved template no longer reads.
  init(restoring document: JSONValue) throws(TemplateError) {
    let result = TemplateReader().read(document)
    guard let template = result.template,
      !result.problems.contains(where: { $0.severity == .error })
    else {
      throw TemplateError(problems: result.problems.filter { $0.severity == .error })
    }
    self.bytes = Array(document.jsonText.utf8)
    self.compiled = CompiledTemplate(template)
  }
}
