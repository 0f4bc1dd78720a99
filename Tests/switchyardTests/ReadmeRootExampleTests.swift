import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// README's "Routing sequences" section shows `root` over an events file and its output;
/// this keeps the output what the tool prints.
@Suite("README's root example")
struct ReadmeRootExampleTests {
  static let command =
    "switchyard root --events launch.jsonl --idiom pad --now 2026-06-01T12:00:00Z --explain"

  @Test("the transcript of an offline launch prints what README shows")
  func rootExample() async throws {
    let blocks = try Readme.blocks().map(\.text)
    let index = try #require(blocks.firstIndex(of: Self.command))
    let events = try #require(index > 0 ? blocks[index - 1] : nil)
    let shown = try #require(blocks.dropFirst(index + 1).first)
    let files = try TemporaryDirectory()
    _ = try files.write(
      "maintenance.json",
      #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#)
    let path = try files.write("launch.jsonl", events + "\n")
    let arguments = Self.command.split(separator: " ").dropFirst().map(String.init).map {
      $0 == "launch.jsonl" ? path : $0
    }
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .success)
    #expect(capture.output == shown + "\n")
  }
}
