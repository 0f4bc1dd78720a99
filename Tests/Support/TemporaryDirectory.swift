public import Foundation

/// A temporary directory for one test, removed when the test's scope ends: real files for the
/// tests of file sources, stores, caches and the tool's file options.
public final class TemporaryDirectory: Sendable {
  /// Where the directory is.
  public let url: URL

  /// Creates an empty directory with a unique name under the system's temporary directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `bytes` to `name` in the directory and returns its path.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// Writes `text` as UTF-8 to `name` in the directory and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  /// The path of `name` in the directory (the file need not exist).
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The names of the files in the directory, sorted.
  public func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}
