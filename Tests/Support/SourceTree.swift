public import Foundation

/// Files of the package's source tree that tests read by path (fixtures, README, CI script),
/// found from this file's own place so a test file can move without breaking its paths.
public enum SourceTree {
  /// The package's root directory: this file is `Tests/Support/SourceTree.swift`.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The file at `path`, relative to the package root.
  public static func url(_ path: String) -> URL {
    root.appendingPathComponent(path)
  }

  /// The text of the file at `path`, relative to the package root.
  public static func text(_ path: String) throws -> String {
    try String(contentsOf: url(path), encoding: .utf8)
  }

  /// The bytes of the file at `path`, relative to the package root.
  public static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(path)))
  }
}
