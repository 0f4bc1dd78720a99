import SwitchyardTestSupport
import Testing

@testable import switchyard

/// README.md promises a first command and shows its output; these tests keep both true.
@Suite("README")
struct ReadmeTests {
  @Test("the first command runs the tool on its built-in sample and prints what README shows")
  func firstCommand() async throws {
    let blocks = try Readme.blocks().map(\.text)
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
    let blocks = try Readme.blocks().map(\.text)
    let command = try #require(blocks.dropFirst(2).first)
    #expect(command.hasPrefix("swift test"))
    #expect(try SourceTree.text(".ci/run").contains("grep -m1 -E '^swift test"))
  }
}
