import Testing

@testable import switchyard

@Suite("The switchyard tool shell")
struct ToolShellTests {
  @Test(
    "--help lists every command with its one-line summary and exits 0",
    arguments: [
      ["--help"], ["-h"], ["help"], [],
    ])
  func helpListsCommands(arguments: [String]) async {
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .success)
    for command in SwitchyardTool.commands {
      #expect(capture.output.contains("  \(command.name)"))
      #expect(capture.output.contains(command.summary))
    }
    #expect(capture.error.isEmpty)
  }

  @Test("version prints the package version and nothing else")
  func versionPrintsVersion() async {
    let (status, capture) = await CapturedToolIO.run(["version"])
    #expect(status == .success)
    #expect(capture.outputLines == [SwitchyardTool.version])
  }

  @Test(
    "unknown commands, options and missing values exit 2 with one usage line on stderr",
    arguments: [
      (["frobnicate"], "switchyard: unknown command 'frobnicate' (see 'switchyard --help')"),
      (["--frobnicate"], "switchyard: unknown option '--frobnicate' (see 'switchyard --help')"),
      (
        ["version", "--loud"],
        "switchyard version: unknown option '--loud' (see 'switchyard help version')"
      ),
      (
        ["version", "extra"],
        "switchyard version: expected no arguments, got 1 (see 'switchyard help version')"
      ),
      (
        ["bench", "--only"],
        "switchyard bench: option '--only' needs a value (see 'switchyard help bench')"
      ),
      (["help", "nope"], "switchyard: unknown command 'nope' (see 'switchyard --help')"),
    ])
  func usageErrors(arguments: [String], message: String) async {
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .usage)
    #expect(capture.error == message + "\n")
    #expect(capture.output.isEmpty)
  }

  @Test(
    "a command's --help prints its synopsis and options",
    arguments: SwitchyardTool.commands.map(\.name))
  func commandHelp(name: String) async throws {
    let command = try #require(SwitchyardTool.commands.first { $0.name == name })
    let (status, capture) = await CapturedToolIO.run([name, "--help"])
    #expect(status == .success)
    #expect(capture.output.hasPrefix("USAGE: \(command.synopsis)"))
    for option in command.options {
      #expect(capture.output.contains(option.displayName))
    }
  }
}
