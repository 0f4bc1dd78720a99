import Core

extension ToolCommand {
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
