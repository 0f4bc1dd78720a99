public import Core

/// A custom signal's value: a string or a number, as Firebase's server SDKs accept.
public enum CustomSignalValue: Sendable, Hashable {
  /// A string value; numeric operators read it as a decimal literal.
  case string(String)
  /// A number, with its literal spelling; string operators read that spelling.
  case number(JSONNumber)

  /// The value as string operators see it.
  public var text: String {
    switch self {
    case .string(let text): text
    case .number(let number): number.literal
    }
  }

  /// The value as numeric operators see it: the number, or the string read with
  /// `ConfigValue.number`'s rule (nil when it is not a decimal literal).
  public var number: Double? {
    switch self {
    case .string(let text): ConfigValueParser.number(text)
    case .number(let number): number.doubleValue.isFinite ? number.doubleValue : nil
    }
  }
}

extension CustomSignalValue: ExpressibleByStringLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(stringLiteral value: String) { self = .string(value) }
}

extension CustomSignalValue: ExpressibleByIntegerLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension CustomSignalValue: ExpressibleByFloatLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}
