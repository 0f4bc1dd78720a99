import Foundation

/// A temporary directory for one test, removed when the test's scope ends.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` to `name` in the directory and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// The path of `name` in the directory (the file need not exist).
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}
