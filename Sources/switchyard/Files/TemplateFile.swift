import ConfigClient
import Core

/// Loads the template a command is given, with every problem named when it is unusable.
enum TemplateFile {
  /// The `--template` option of commands that fall back to the built-in sample.
  static let optionalOption = ToolOption.value(
    "--template", "T.json", "The template (client or server format); default: the built-in sample.")

  /// The template named by `--template`, or the built-in sample when the option is absent.
  static func loadOrSample(_ arguments: ParsedArguments) throws -> CompiledTemplate {
    guard let path = arguments.value("--template") else {
      return CompiledTemplate(try Template(json: SampleTemplate.json))
    }
    return try load(path)
  }

  /// Reads and compiles the template at `path`.
  /// - Throws: `InputFileError` when the file cannot be read, `TemplateError` when it is not
  ///   a usable template.
  static func load(_ path: String) throws -> CompiledTemplate {
    let data = try InputFile.readData(at: path)
    do {
      return CompiledTemplate(try Template(jsonBytes: data))
    } catch {
      throw InputFileError(path: path, reason: "\(error)")
    }
  }
}
