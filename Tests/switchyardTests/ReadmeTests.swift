import Foundation
import Testing

@testable import switchyard

/// README.md promises a first command and shows its output; these tests keep both true.
@Suite("README")
struct ReadmeTests {
  private static func readme() throws -> String {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("README.md")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The fenced blocks of `text`, in order, without their fences.
  private static func blocks(_ text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current {
          blocks.append(lines.joined(separator: "\n"))
          current = nil
        } else {
          current = []
        }
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("the first command runs the tool on its built-in sample and prints what README shows")
  func firstCommand() async throws {
    let blocks = Self.blocks(try Self.readme())
    let command = try #require(blocks.first)
    let prefix = "swift run switchyard "
    #expect(command.hasPrefix(prefix))
    #expect(!command.contains("--template"))
    let arguments = command.dropFirst(prefix.count).split(separator: " ").map(String.init)
    let expected = try #require(blocks.dropFirst().first)
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .success)
    #expect(capture.output == expected + "\n")
  }

  @Test("the second command is the test command CI runs")
  func testCommand() throws {
    let blocks = Self.blocks(try Self.readme())
    let command = try #require(blocks.dropFirst(2).first)
    #expect(command.hasPrefix("swift test"))
    let ciScript = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".ci/run")
    #expect(try String(contentsOf: ciScript, encoding: .utf8).contains("grep -m1 -E '^swift test"))
  }
}
