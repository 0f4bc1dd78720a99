import Foundation
import OFREP

/// Reads `serve --api-key-file`: one API key per line (LF or CRLF); blank lines and lines
/// starting with `#` are skipped, spaces around a key trimmed. The keys are never printed: an error names the
/// file and the line, not what is on it.
enum APIKeyFile {
  /// The keys in the file at `path`.
  /// - Throws: `InputFileError` when the file cannot be read, is not UTF-8, holds no key, or a
  ///   key has a character that cannot travel in a header (a space or a control character).
  static func load(_ path: String) throws(InputFileError) -> OFREPAPIKeys {
    let text = try InputFile.readText(at: path)
    var keys: [String] = []
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, line) in lines.enumerated() {
      let key = line.trimmingCharacters(in: .whitespaces)
      if key.isEmpty || key.hasPrefix("#") { continue }
      guard key.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
        throw InputFileError(
          path: path,
          reason: "line \(index + 1): an API key is printable ASCII without spaces")
      }
      keys.append(key)
    }
    guard !keys.isEmpty else {
      throw InputFileError(path: path, reason: "holds no API key (one per line)")
    }
    return OFREPAPIKeys(keys)
  }
}
