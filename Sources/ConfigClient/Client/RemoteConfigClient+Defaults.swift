import Core
import Foundation

extension RemoteConfigClient {
  /// Replaces the in-app defaults with `key: string` pairs.
  @discardableResult
  public func setDefaults(_ values: [String: String]) -> Set<String> {
    setDefaults(InAppDefaults(values))
  }

  /// Replaces the in-app defaults with every module's typed keys' defaults.
  @discardableResult
  public func setDefaults(_ catalog: ConfigKeyCatalog) -> Set<String> {
    setDefaults(InAppDefaults(catalog: catalog))
  }

  /// Replaces the in-app defaults with the defaults of the modules' typed keys.
  /// - Throws: `DuplicateConfigKeyError` naming both modules when a key is declared twice,
  ///   `InvalidConfigDefaultError` when a key cannot decode its own default; the defaults are
  ///   then unchanged.
  @discardableResult
  public func setDefaults(keySets: [ConfigKeySet]) throws -> Set<String> {
    setDefaults(try InAppDefaults(keySets: keySets))
  }

  /// Replaces the in-app defaults with a flat JSON object.
  /// - Throws: `DefaultsError`; the defaults are then unchanged.
  @discardableResult
  public func setDefaults(json: JSONValue) throws(DefaultsError) -> Set<String> {
    setDefaults(try InAppDefaults(json: json))
  }

  /// Replaces the in-app defaults with a JSON file holding one flat object.
  /// - Throws: `DefaultsError` naming the file; the defaults are then unchanged.
  @discardableResult
  public func setDefaults(contentsOfFile path: String) throws(DefaultsError) -> Set<String> {
    setDefaults(try InAppDefaults(contentsOfFile: path))
  }

  /// Replaces the in-app defaults with an `Encodable` value's properties.
  /// - Throws: `DefaultsError`; the defaults are then unchanged.
  @discardableResult
  public func setDefaults(encoding value: some Encodable & Sendable) throws(DefaultsError)
    -> Set<String>
  {
    setDefaults(try InAppDefaults(encoding: value))
  }
}
