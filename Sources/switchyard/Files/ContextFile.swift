import ConfigEngine
import Core

/// Loads a `--context` file: one JSON object in the tool's context format.
enum ContextFile {
  static func load(_ path: String) throws -> EvaluationContext {
    let data = try InputFile.readData(at: path)
    do {
      guard case .object(let object) = try JSONParser().parse(data) else {
        throw InputFileError(path: path, reason: "a context is a JSON object")
      }
      return try EvaluationContext(json: object)
    } catch let error as InputFileError {
      throw error
    } catch {
      throw InputFileError(path: path, reason: "\(error)")
    }
  }
}
