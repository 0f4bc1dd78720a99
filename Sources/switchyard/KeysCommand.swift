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

  /// `switchyard defaults`: the app's defaults as a Firebase template, one parameter group per
  /// module, ready to upload to the console (and accepted by `switchyard validate`).
  static let defaults = ToolCommand(
    name: "defaults",
    summary: "Export every key's default as a Firebase template, grouped by module.",
    synopsis: "switchyard defaults"
  ) { _, io in
    let catalog = try AppComposition.standard().catalog
    var groups = JSONObject()
    for module in catalog.modules {
      var parameters = JSONObject()
      for entry in catalog.entries where entry.module == module {
        parameters[entry.key.name] = [
          "defaultValue": ["value": .string(entry.key.defaultRawValue)],
          "valueType": .string(entry.key.valueType.rawValue),
          "description": .string(entry.key.description),
        ]
      }
      groups[module] = [
        "description": .string("Keys owned by the \(module) module."),
        "parameters": .object(parameters),
      ]
    }
    let template: JSONValue = [
      "conditions": [], "parameters": [:], "parameterGroups": .object(groups),
    ]
    io.printLine(template.prettyJSONText)
    return .success
  }
}
