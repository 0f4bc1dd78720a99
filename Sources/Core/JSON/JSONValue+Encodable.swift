extension JSONValue: Encodable {
  /// Encodes the value as the JSON it is, so a model that describes itself as a `JSONValue`
  /// (a feature's home, say) needs no second, hand-kept `Encodable` form. Objects encode
  /// their members in order (an encoder with `.sortedKeys` sorts them); a number encodes as
  /// an integer when it is one, else as a `Double`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let number):
      var container = encoder.singleValueContainer()
      if let integer = number.intValue {
        try container.encode(integer)
      } else {
        try container.encode(number.doubleValue)
      }
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: MemberKey.self)
      for member in object { try container.encode(member.value, forKey: MemberKey(member.key)) }
    }
  }

  /// An object member's name as a coding key.
  private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
