/// A `ConfigKey` without its Swift value type, so keys of different types can sit in one
/// list: what a module declares, `switchyard keys` prints and `switchyard defaults` exports.
public struct AnyConfigKey: Sendable {
  /// The parameter name in the template, the key values are read under.
  public let name: String
  /// The Firebase value type.
  public let valueType: ConfigValueType
  /// The default as a template string.
  public let defaultRawValue: String
  /// What the key controls.
  public let description: String
  private let validateValue: @Sendable (ConfigValue) throws(ConfigValueError) -> Void

  /// Creates an erased key; `validate` throws when a value would not decode.
  public init(
    name: String, valueType: ConfigValueType, defaultRawValue: String, description: String,
    validate: @escaping @Sendable (ConfigValue) throws(ConfigValueError) -> Void
  ) {
    self.name = name
    self.valueType = valueType
    self.defaultRawValue = defaultRawValue
    self.description = description
    self.validateValue = validate
  }

  /// Checks that `value` decodes as the key's type.
  /// - Throws: the `ConfigValueError` the typed key would report.
  public func validate(_ value: ConfigValue) throws(ConfigValueError) {
    try validateValue(value)
  }
}
