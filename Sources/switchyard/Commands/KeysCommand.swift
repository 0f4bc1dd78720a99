import Core

extension ToolCommand {
  /// `switchyard keys`: every remote-config key the app declares, with its owner module,
  /// type, default and description.
  static let keys = ToolCommand(
    name: "keys",
    summary: "List every config key: owner module, type, default and description.",
    synopsis: "switchyard keys [--json]",
    options: [.flag("--json", "Print one JSON object per key instead of a table.")]
  ) { arguments, io in
    let catalog = try AppComposition.standard().catalog
    if arguments.flag("--json") {
      for entry in catalog.entries {
        let line: JSONValue = [
          "key": .string(entry.key.name), "module": .string(entry.module),
          "type": .string(entry.key.valueType.rawValue),
          "default": .string(entry.key.defaultRawValue),
          "description": .string(entry.key.description),
        ]
        io.printLine(line.jsonText)
      }
      return .success
    }
    let rows =
      [["KEY", "MODULE", "TYPE", "DEFAULT", "DESCRIPTION"]]
      + catalog.entries.map { entry in
        [
          entry.key.name, entry.module, entry.key.valueType.rawValue,
          entry.key.defaultRawValue, entry.key.description,
        ]
      }
    for line in AlignedColumns.format(rows) { io.printLine(line) }
    return .success
  }
}
