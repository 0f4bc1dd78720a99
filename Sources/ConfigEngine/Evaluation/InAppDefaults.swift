public import Core

/// The app's own defaults: the values a key has when the template gives none or says
/// `useInAppDefault`. Values are strings, as on the wire.
public struct InAppDefaults: Sendable, Hashable {
  /// The defaults by key.
  public private(set) var values: [String: String]

  /// Defaults from `key: string` pairs.
  public init(_ values: [String: String] = [:]) {
    self.values = values
  }

  /// Defaults from a flat JSON object whose values are strings, numbers or Booleans (numbers
  /// and Booleans become their JSON spelling; arrays and objects their compact JSON text, for
  /// JSON parameters).
  /// - Throws: `DefaultsError` naming the key of a `null` value, or when the document is not
  ///   an object.
  public init(json: JSONValue) throws(DefaultsError) {
    guard case .object(let object) = json else {
      throw DefaultsError(
        key: nil, message: "defaults must be a JSON object, found \(json.kindDescription)")
    }
    var values: [String: String] = [:]
    for (key, value) in object {
      switch value {
      case .string(let text): values[key] = text
      case .number(let number): values[key] = number.literal
      case .bool(let flag): values[key] = flag ? "true" : "false"
      case .array, .object: values[key] = value.jsonText
      case .null:
        throw DefaultsError(
          key: key, message: "null is not a default; remove the key or give a value")
      }
    }
    self.values = values
  }

  /// The default for `key`, or nil.
  public subscript(key: String) -> String? { values[key] }

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
