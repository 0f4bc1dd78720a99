import Foundation

/// A typed remote-config key: its name, Firebase value type, default, description and how
/// to decode it. A module declares its keys once and reads `values[key]`, always getting a
/// `Value`: the decoded remote value, or the default when there is none or it is malformed.
///
/// ```swift
/// static let maintenance = ConfigKey<Bool>(
///   "isUnderMaintenance", default: false, description: "Shows the maintenance screen.")
/// ```
public struct ConfigKey<Value: Sendable>: Sendable {
  /// The parameter name in the template.
  public let name: String
  /// The Firebase value type, used when the key is exported as a template parameter.
  public let valueType: ConfigValueType
  /// The value read when the key has no value or its value does not decode.
  public let defaultValue: Value
  /// The default as the string a template would hold, e.g. `false`, `[1]`.
  public let defaultRawValue: String
  /// What the key controls, for people reading `switchyard keys` or the console.
  public let description: String
  /// Reads a stored value; throws when it does not decode.
  public let decode: @Sendable (ConfigValue) throws(ConfigValueError) -> Value

  /// Creates a key with a custom decoder.
  public init(
    _ name: String,
    valueType: ConfigValueType,
    default defaultValue: Value,
    defaultRawValue: String,
    description: String = "",
    decode: @escaping @Sendable (ConfigValue) throws(ConfigValueError) -> Value
  ) {
    self.name = name
    self.valueType = valueType
    self.defaultValue = defaultValue
    self.defaultRawValue = defaultRawValue
    self.description = description
    self.decode = decode
  }

  /// The key without its Swift type: what key lists, exports and validation work with.
  public var erased: AnyConfigKey {
    let decode = self.decode
    return AnyConfigKey(
      name: name, valueType: valueType, defaultRawValue: defaultRawValue,
      description: description,
      validate: { value throws(ConfigValueError) in _ = try decode(value) })
  }
}

extension ConfigKey {
  /// A key whose value `read` gives, or nil when the stored value does not read as
  /// `expected` (`a boolean`): the one strict rule of the built-in keys, whose error names
  /// the key, the value and what was expected.
  init(
    _ name: String, valueType: ConfigValueType, default defaultValue: Value,
    defaultRawValue: String, description: String, expected: String,
    read: @escaping @Sendable (ConfigValue) -> Value?
  ) {
    self.init(
      name, valueType: valueType, default: defaultValue, defaultRawValue: defaultRawValue,
      description: description
    ) { value throws(ConfigValueError) in
      guard let decoded = read(value) else {
        throw ConfigValueError(key: value.key, rawValue: value.rawValue, expected: expected)
      }
      return decoded
    }
  }
}

extension ConfigKey where Value == Bool {
  /// A BOOLEAN key read with the strict Boolean rule.
  public init(_ name: String, default defaultValue: Bool, description: String = "") {
    self.init(
      name, valueType: .boolean, default: defaultValue,
      defaultRawValue: defaultValue ? "true" : "false", description: description,
      expected: "a boolean"
    ) { $0.bool }
  }
}

extension ConfigKey where Value == String {
  /// A STRING key; the value is trimmed.
  public init(_ name: String, default defaultValue: String, description: String = "") {
    self.init(
      name, valueType: .string, default: defaultValue, defaultRawValue: defaultValue,
      description: description
    ) { value throws(ConfigValueError) in value.stringValue }
  }
}

extension ConfigKey where Value == Double {
  /// A NUMBER key read as a decimal literal.
  public init(_ name: String, default defaultValue: Double, description: String = "") {
    self.init(
      name, valueType: .number, default: defaultValue,
      defaultRawValue: JSONNumber(defaultValue).literal, description: description,
      expected: "a number"
    ) { $0.number }
  }
}

extension ConfigKey where Value == Int {
  /// A NUMBER key whose value must be integral.
  public init(_ name: String, default defaultValue: Int, description: String = "") {
    self.init(
      name, valueType: .number, default: defaultValue, defaultRawValue: String(defaultValue),
      description: description, expected: "an integer"
    ) { $0.integer }
  }
}

extension ConfigKey where Value: Codable {
  /// A JSON key decoded into `Value` (dates as ISO-8601 with offset). The default is encoded
  /// with sorted keys so exports are stable.
  public init(json name: String, default defaultValue: Value, description: String = "") {
    let encoder = ConfigJSONCoding.makeEncoder()
    // Encoding an in-code default only fails for a broken `Encodable` conformance; the key
    // then exports "null" and reads still fall back to `defaultValue`.
    let raw = (try? encoder.encode(defaultValue)).map { String(decoding: $0, as: UTF8.self) }
    self.init(
      name, valueType: .json, default: defaultValue, defaultRawValue: raw ?? "null",
      description: description
    ) { value throws(ConfigValueError) in try value.decoded(as: Value.self) }
  }
}
