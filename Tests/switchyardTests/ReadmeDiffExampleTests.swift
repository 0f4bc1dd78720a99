import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// README's "Before you publish" section shows `diff` on the built-in sample and its output;
/// this keeps the output what the tool prints.
@Suite("README's diff example")
struct ReadmeDiffExampleTests {
  static let command =
    "switchyard diff current.json edited.json --users 1000 --now 2026-06-01T12:00:00Z"

  @Test("the diff of the sample against grade 2 at 50 % prints what README shows")
  func diffExample() async throws {
    let blocks = try Readme.blocks().map(\.text)
    let index = try #require(blocks.firstIndex(of: Self.command))
    let shown = try #require(blocks.dropFirst(index + 1).first)
    let files = try TemporaryDirectory()
    let current = try files.write("current.json", SampleTemplate.json)
    let edited = try files.write(
      "edited.json",
      SampleTemplate.json.replacingOccurrences(
        of: "percent('grade2_rollout') <= 10", with: "percent('grade2_rollout') <= 50"))
    let arguments = Self.command.split(separator: " ").dropFirst().map(String.init).map {
      $0 == "current.json" ? current : $0 == "edited.json" ? edited : $0
    }
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .success)
    let output = capture.output.replacingOccurrences(of: current, with: "current.json")
      .replacingOccurrences(of: edited, with: "edited.json")
    #expect(output == shown + "\n")
  }
}
