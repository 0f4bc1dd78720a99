/// A fixed set of config values held in a dictionary: for tests, previews and adapters that
/// copy values out of another SDK.
public struct InMemoryConfigValues: ConfigValues, Hashable {
  private var values: [String: ConfigValue]

  /// Values from `key: raw string` pairs, all with the same source (remote by default).
  public init(_ values: [String: String], source: ConfigValueSource = .remote) {
    self.values = Dictionary(
      uniqueKeysWithValues: values.map { key, raw in
        (key, ConfigValue(key: key, rawValue: raw, source: source))
      })
  }

  /// Values from complete `ConfigValue`s, keyed by their `key`.
  public init(values: some Sequence<ConfigValue>) {
    var byKey: [String: ConfigValue] = [:]
    for value in values { byKey[value.key] = value }
    self.values = byKey
  }

  /// The value for `key`, or nil.
  public func configValue(forKey key: String) -> ConfigValue? {
    values[key]
  }

  /// The keys, sorted.
  public var keys: [String] { values.keys.sorted() }

  /// Sets (or, with nil, removes) the raw value for `key`.
  public mutating func set(_ raw: String?, forKey key: String, source: ConfigValueSource = .remote)
  {
    values[key] = raw.map { ConfigValue(key: key, rawValue: $0, source: source) }
  }
}
