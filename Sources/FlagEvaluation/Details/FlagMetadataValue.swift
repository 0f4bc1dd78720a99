/// One value of a flag's metadata: OpenFeature allows Booleans, strings and numbers.
public enum FlagMetadataValue: Sendable, Hashable {
  /// A Boolean.
  case boolean(Bool)
  /// A string.
  case string(String)
  /// An integer.
  case integer(Int64)
  /// A floating-point number.
  case double(Double)

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}

/// The keys of the flag metadata Switchyard gives, each present only when it applies.
public enum FlagMetadataKey {
  /// The template's version number, as a string (`"12"`); OpenTelemetry's
  /// `feature_flag.version`. Absent without a template or a version.
  public static let version = "version"
  /// The name of the condition that chose the value (its conditional value, or
  /// `useInAppDefault`). Absent when no condition did.
  public static let condition = "condition"
  /// Firebase's value source: `remote` (the template), `default` (the in-app default) or
  /// `static` (none: the caller's default).
  public static let source = "source"
  /// The type the value is read as: the parameter's `valueType` (`BOOLEAN`, `NUMBER`, `JSON`,
  /// `STRING`), else the in-app default's. Absent when neither declares one (read as a string).
  public static let valueType = "valueType"
}
