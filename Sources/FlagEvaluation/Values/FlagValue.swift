public import Core

/// A flag's value in one of OpenFeature's types, whatever type a caller asks: what hooks see
/// and what the OFREP responder writes.
public enum FlagValue: Sendable, Hashable {
  /// A `BOOLEAN` parameter's value.
  case boolean(Bool)
  /// A `STRING` parameter's value, or any parameter's without a declared type.
  case string(String)
  /// A `NUMBER` whose value is integral and within `Int64`, however it is written (`10`,
  /// `1.0`, `1e3`).
  case integer(Int64)
  /// Any other `NUMBER`: one with a fraction (`0.5`), or an integer beyond `Int64`.
  case double(Double)
  /// A `JSON` parameter's value: an object, an array, or any JSON value it holds.
  case object(JSONValue)

  /// The value's type.
  public var type: FlagValueType {
    switch self {
    case .boolean: .boolean
    case .string: .string
    case .integer: .integer
    case .double: .double
    case .object: .object
    }
  }
}

/// The types a flag is evaluated as, with OpenFeature's names.
public enum FlagValueType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `Bool`.
  case boolean
  /// `String`.
  case string
  /// `Int64`.
  case integer
  /// `Double`.
  case double
  /// `JSONValue`, for OpenFeature's structures.
  case object

  /// `rawValue`, e.g. `boolean`.
  public var description: String { rawValue }
}
