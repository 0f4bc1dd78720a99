import ConfigEngine
import Core

/// Loads a `--defaults` file: a flat JSON object of in-app defaults.
enum DefaultsFile {
  static func load(_ path: String) throws -> InAppDefaults {
    let data = try InputFile.readData(at: path)
    do {
      return try InAppDefaults(json: try JSONParser().parse(data))
    } catch {
      throw InputFileError(path: path, reason: "\(error)")
    }
  }
}
