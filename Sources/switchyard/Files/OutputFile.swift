import Foundation

/// Writes a command's result to a file the user named, whole or not at all: the text goes to
/// a temporary file beside it that is then renamed over it, so an interrupted write never
/// leaves half a template where a good one was.
enum OutputFile {
  /// Writes `text` and a final newline to `path`.
  /// - Throws: `OutputFileError` naming the path and what went wrong.
  static func write(_ text: String, to path: String) throws(OutputFileError) {
    guard !path.isEmpty else {
      throw OutputFileError(path: path, reason: "no file has an empty name")
    }
    do {
      try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      var isDirectory: ObjCBool = false
      let reason: String
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        reason = "it is a directory"
      } else if !FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
      {
        reason = "its directory does not exist"
      } else {
        reason = "it cannot be written (permission denied or a read-only file system)"
      }
      throw OutputFileError(path: path, reason: reason)
    }
  }
}

/// Why an output file could not be written.
struct OutputFileError: Error, CustomStringConvertible {
  /// The path as given.
  let path: String
  /// What went wrong.
  let reason: String

  /// `cannot write 'out/t.json': its directory does not exist`.
  var description: String { "cannot write '\(path)': \(reason)" }
}
