/// The declared type of a parameter, with Firebase's `valueType` names. Values are always
/// strings on the wire; the type says how to read and validate them.
public enum ConfigValueType: String, Sendable, Hashable, CaseIterable, Codable {
  /// Any text.
  case string = "STRING"
  /// A Boolean, spelled as `ConfigValue.bool` reads one.
  case boolean = "BOOLEAN"
  /// A decimal number.
  case number = "NUMBER"
  /// A JSON document.
  case json = "JSON"
}

extension ConfigValueType: CustomStringConvertible {
  /// Firebase's name, e.g. `BOOLEAN`.
  public var description: String { rawValue }
}
