/// An option a command accepts: `--name VALUE` or, for a flag, `--name`.
struct ToolOption: Sendable {
  /// The name with its dashes, e.g. `--template`.
  let name: String
  /// The placeholder for its value, or nil for a flag that takes none.
  let valueName: String?
  /// One line of help.
  let help: String

  /// An option that takes a value, e.g. `--template T.json`.
  static func value(_ name: String, _ valueName: String, _ help: String) -> ToolOption {
    ToolOption(name: name, valueName: valueName, help: help)
  }

  /// A flag that takes no value, e.g. `--explain`.
  static func flag(_ name: String, _ help: String) -> ToolOption {
    ToolOption(name: name, valueName: nil, help: help)
  }

  var displayName: String { valueName.map { "\(name) \($0)" } ?? name }
}
