/// Any source of remote-config values: Switchyard's own snapshots, an in-memory set in a
/// test, or a small adapter over another SDK (Firebase's included).
///
/// RootRouting and the feature modules read configuration only through this protocol, so
/// they never depend on the engine that produced the values.
public protocol ConfigValues: Sendable {
  /// The value for `key`, or nil when the source has nothing for it.
  func configValue(forKey key: String) -> ConfigValue?

  /// Every key the source has a value for.
  var keys: [String] { get }
}

extension ConfigValues {
  /// The value for `key`, or an empty `static` value when the source has none (Firebase's
  /// rule for unknown keys).
  public subscript(key: String) -> ConfigValue {
    configValue(forKey: key) ?? .missing(key: key)
  }

  /// The typed value for `key`: the decoded value, or the key's default when the source has
  /// no value or the value does not decode.
  public subscript<Value>(key: ConfigKey<Value>) -> Value {
    resolve(key).value
  }

  /// The typed value for `key` with where it came from and, when the stored value did not
  /// decode and the default stood in, a diagnostic naming the key and the value.
  public func resolve<Value>(_ key: ConfigKey<Value>) -> ResolvedValue<Value> {
    guard let raw = configValue(forKey: key.name), raw.source != .static else {
      return ResolvedValue(value: key.defaultValue, source: .static, diagnostic: nil)
    }
    do {
      return ResolvedValue(value: try key.decode(raw), source: raw.source, diagnostic: nil)
    } catch {
      return ResolvedValue(
        value: key.defaultValue, source: .static,
        diagnostic: .diagnostic("\(error); using the default \(key.defaultRawValue)"))
    }
  }
}
