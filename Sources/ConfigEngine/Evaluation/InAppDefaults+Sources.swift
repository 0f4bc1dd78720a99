public import Core
import Foundation

extension InAppDefaults {
  /// The defaults every module declared, from Core's catalog (which has already refused a
  /// key declared twice), each typed by its key's `valueType`.
  public init(catalog: ConfigKeyCatalog) {
    self.init(
      catalog.defaults,
      valueTypes: Dictionary(
        catalog.entries.map { ($0.key.name, $0.key.valueType) }, uniquingKeysWith: { $1 }))
  }

  /// The defaults of every module's typed keys.
  /// - Throws: `DuplicateConfigKeyError` naming the key and both modules when two modules
  ///   (or one module twice) declare the same key; `InvalidConfigDefaultError` when a key
  ///   cannot decode its own default.
  public init(keySets: [ConfigKeySet]) throws {
    self.init(catalog: try ConfigKeyCatalog(keySets))
  }

  /// Defaults from an `Encodable` value encoded as one flat JSON object: each property is a
  /// key; strings stay strings, numbers and Booleans become their JSON spelling, nested
  /// values their compact JSON text (for JSON parameters); dates are ISO-8601 strings.
  /// Optional properties that are nil are left out.
  /// - Throws: `DefaultsError` when the value does not encode to a JSON object.
  public init(encoding value: some Encodable) throws(DefaultsError) {
    let data: Data
    do {
      data = try ConfigJSONCoding.makeEncoder().encode(value)
    } catch {
      throw DefaultsError(
        key: nil, message: "cannot encode \(type(of: value)) as defaults: \(error)")
    }
    let document: JSONValue
    do {
      document = try JSONParser().parse(data)
    } catch {
      throw DefaultsError(
        key: nil, message: "\(type(of: value)) did not encode to JSON: \(error)")
    }
    try self.init(json: document)
  }
}
