/// A JSON value as parsed by `JSONParser`: what remote values, templates and the tool's
/// JSON-lines input are made of.
///
/// Objects keep their keys in document order and numbers keep their literal spelling, so a
/// value can be written back out exactly as it came in.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its literal spelling.
  case number(JSONNumber)
  /// A string, its escapes decoded.
  case string(String)
  /// An array, its elements in document order.
  case array([JSONValue])
  /// An object, keys in document order.
  case object(JSONObject)

  /// The string, when this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as a `Double`, when this is a number.
  public var doubleValue: Double? {
    if case .number(let value) = self { return value.doubleValue }
    return nil
  }

  /// The Boolean, when this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, when this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// True for `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member `key` when this is an object holding it; nil otherwise.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// A short name of the value's kind for error messages: `a string`, `an object`, ...
  package var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByNilLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByArrayLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// A JSON object, keys in the literal's order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
