public import Core

/// The app's own defaults: the values a key has when the template gives none or says
/// `useInAppDefault`. Values are strings, as on the wire; each may carry its type.
public struct InAppDefaults: Sendable, Hashable {
  /// The defaults by key.
  public private(set) var values: [String: String]
  /// The type of a default, by key, where it is known: from the JSON value it was read from
  /// or the typed key that declared it. Evaluation ignores it; a flag standard that types its
  /// answers (OpenFeature) reads a key the template declares no `valueType` for by it.
  public var valueTypes: [String: ConfigValueType] { typeTable ?? [:] }
  /// `valueTypes`, nil when empty: the defaults an evaluation builds when it is given none
  /// then cost nothing more than they did before defaults had types.
  private var typeTable: [String: ConfigValueType]?

  /// Defaults from `key: string` pairs, with the types of those whose type is known (a type
  /// for a key without a value is dropped).
  public init(_ values: [String: String] = [:], valueTypes: [String: ConfigValueType] = [:]) {
    self.values = values
    let known = valueTypes.filter { values[$0.key] != nil }
    self.typeTable = known.isEmpty ? nil : known
  }

  /// Defaults from a flat JSON object whose values are strings, numbers or Booleans (numbers
  /// and Booleans become their JSON spelling; arrays and objects their compact JSON text, for
  /// JSON parameters). Each value's JSON kind gives its type: `STRING`, `NUMBER`, `BOOLEAN`,
  /// or `JSON` for arrays and objects.
  /// - Throws: `DefaultsError` naming the key of a `null` value, or when the document is not
  ///   an object.
  public init(json: JSONValue) throws(DefaultsError) {
    guard case .object(let object) = json else {
      throw DefaultsError(
        key: nil, message: "defaults must be a JSON object, found \(json.kindDescription)")
    }
    var values: [String: String] = [:]
    var types: [String: ConfigValueType] = [:]
    for (key, value) in object {
      switch value {
      case .string(let text): (values[key], types[key]) = (text, .string)
      case .number(let number): (values[key], types[key]) = (number.literal, .number)
      case .bool(let flag): (values[key], types[key]) = (flag ? "true" : "false", .boolean)
      case .array, .object: (values[key], types[key]) = (value.jsonText, .json)
      case .null:
        throw DefaultsError(
          key: key, message: "null is not a default; remove the key or give a value")
      }
    }
    self.values = values
    self.typeTable = types.isEmpty ? nil : types
  }

  /// The default for `key`, or nil.
  public subscript(key: String) -> String? { values[key] }

  /// The type of `key`'s default, or nil when it is not known.
  public func valueType(forKey key: String) -> ConfigValueType? { typeTable?[key] }

  /// Every key with a default.
  public var keys: Dictionary<String, String>.Keys { values.keys }
}

/// In-app defaults that cannot be read.
public struct DefaultsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key at fault, or nil for the document as a whole.
  public let key: String?
  /// What is wrong.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(key: String?, message: String) {
    self.key = key
    self.message = message
  }

  /// For example `default 'x': null is not a default; ...`.
  public var description: String {
    key.map { "default '\($0)': \(message)" } ?? message
  }
}
