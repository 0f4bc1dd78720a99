import Foundation

/// Reads the JSON fixtures next to this file, so tests need no bundle resources.
enum TemplateFixtures {
  static func text(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
  }
}
