import Foundation

/// Reads the files a command is given, with errors that name the path.
enum InputFile {
  /// The file's bytes.
  static func readData(at path: String) throws(InputFileError) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw InputFileError(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
  }

  /// The file's text, which must be UTF-8.
  static func readText(at path: String) throws(InputFileError) -> String {
    let data = try readData(at: path)
    guard let text = String(data: data, encoding: .utf8) else {
      throw InputFileError(path: path, reason: "is not UTF-8 text")
    }
    return text
  }
}

/// A file a command could not use.
struct InputFileError: Error, CustomStringConvertible {
  /// The path as given.
  let path: String
  /// What went wrong.
  let reason: String

  var description: String { "\(path): \(reason)" }
}
