public import Core
public import Foundation

/// One attribute of a `FlagContext`: the kinds OpenFeature's evaluation context allows
/// (Boolean, string, number, date-time, structure) and null, which some SDKs send.
public enum FlagContextValue: Sendable, Hashable {
  /// A Boolean.
  case boolean(Bool)
  /// A string.
  case string(String)
  /// A number, with its literal spelling kept (custom signals compare by it).
  case number(JSONNumber)
  /// A date-time.
  case date(Date)
  /// A list.
  case list([FlagContextValue])
  /// A structure.
  case structure([String: FlagContextValue])
  /// Null.
  case null

  /// A short name of the kind, for messages: `a string`, `a date-time`, ...
  var kindDescription: String {
    switch self {
    case .boolean: "a Boolean"
    case .string: "a string"
    case .number: "a number"
    case .date: "a date-time"
    case .list: "a list"
    case .structure: "a structure"
    case .null: "null"
    }
  }
}

extension FlagContextValue: ExpressibleByStringLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(stringLiteral value: String) { self = .string(value) }
}

extension FlagContextValue: ExpressibleByBooleanLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension FlagContextValue: ExpressibleByIntegerLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension FlagContextValue: ExpressibleByFloatLiteral {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}
