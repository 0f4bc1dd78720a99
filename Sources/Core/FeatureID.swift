/// The identity of a feature module, e.g. `elementary`. Extensible: a new module declares
/// its own `static let` without touching Core's other code.
public struct FeatureID: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
  /// The identity's name, also the screen name the router uses for the feature.
  public let rawValue: String

  /// Creates an identity from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identity from a string literal.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The elementary-school course.
  public static let elementary: FeatureID = "elementary"
  /// The junior-high-school course.
  public static let juniorHigh: FeatureID = "juniorHigh"

  /// Decodes from a plain JSON string.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes as a plain JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension FeatureID: CustomStringConvertible {
  /// The name.
  public var description: String { rawValue }
}
