import ConfigEngine
import Core
import Foundation

/// Loads the template a command is given, with every problem named when it is unusable.
enum TemplateFile {
  /// The `--template` option of commands that fall back to the built-in sample.
  static let optionalOption = ToolOption.value(
    "--template", "T.json", "The template (client or server format); default: the built-in sample.")

  /// The template named by `--template`, or the built-in sample when the option is absent,
  /// with `load`'s warnings.
  static func loadOrSample(_ arguments: ParsedArguments, io: ToolIO) throws -> CompiledTemplate {
    guard let path = arguments.value("--template") else {
      return CompiledTemplate(try Template(json: SampleTemplate.json))
    }
    return try load(path, command: arguments.command, io: io)
  }

  /// Loads the templates the lines of the file at `path` name (a `configUpdated` event's),
  /// relative to that file's directory, or to the working directory for standard input
  /// (`-`), so a file and its templates move together.
  static func loader(
    relativeTo path: String, command: String, io: ToolIO
  ) -> @Sendable (String) throws -> CompiledTemplate {
    let directory = path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent()
    return { name in
      let file = directory.map { URL(fileURLWithPath: name, relativeTo: $0).path } ?? name
      return try load(file, command: command, io: io)
    }
  }

  /// Reads and compiles the template at `path`. The parts of its conditions Switchyard does
  /// not evaluate (an element this version does not know, false wherever it stands) are
  /// warnings on standard error, naming the file: the template is still used, as an app
  /// would use it.
  /// - Throws: `InputFileError` when the file cannot be read, `TemplateError` when it is not
  ///   a usable template.
  static func load(_ path: String, command: String, io: ToolIO) throws -> CompiledTemplate {
    let data = try InputFile.readData(at: path)
    let template: CompiledTemplate
    do {
      template = CompiledTemplate(try Template(jsonBytes: data))
    } catch {
      throw InputFileError(path: path, reason: "\(error)")
    }
    TemplateWarnings.print(template.conditionWarnings, command: command, source: path, io: io)
    return template
  }
}
