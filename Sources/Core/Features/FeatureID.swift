/// The identity of a feature module, e.g. `elementary`. Core names no feature: each module
/// declares its own identity (`extension FeatureID { static let elementary: FeatureID =
/// "elementary" }`), so a new module adds one without touching Core.
public struct FeatureID: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
  /// The identity's name, also the screen name the router uses for the feature.
  public let rawValue: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

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
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var description: String { rawValue }
}
