extension ToolCommand {
  /// `switchyard version`: prints the package version.
  static let version = ToolCommand(
    name: "version",
    summary: "Print the package version.",
    synopsis: "switchyard version"
  ) { _, io in
    io.printLine(SwitchyardTool.version)
    return .success
  }
}
