import ConfigClient
import Core

/// Loads the template a command is given, with every problem named when it is unusable.
enum TemplateFile {
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
