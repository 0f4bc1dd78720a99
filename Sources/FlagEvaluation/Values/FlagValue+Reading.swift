import ConfigEngine
import Core

extension FlagValue {
  /// `value` read as `type` declares it: `BOOLEAN` by Firebase's one Boolean rule
  /// (`ConfigValue.bool`), `NUMBER` as an integer when its value is integral and within
  /// `Int64` (`10`, `1.0`, `1e3`, `-0.0`) and as a double otherwise, `JSON` parsed, `STRING`
  /// (and no type) as the raw string.
  /// - Throws: a `parseError` naming the flag when the value does not read as its type.
  static func reading(
    _ value: ConfigValue, as type: ConfigValueType?, key: String
  ) throws(FlagEvaluationError) -> FlagValue {
    switch type {
    case .string?, nil:
      return .string(value.rawValue)
    case .boolean?:
      guard let flag = value.bool else { throw notReadable(value, .boolean, key) }
      return .boolean(flag)
    case .number?:
      guard let number = value.number else { throw notReadable(value, .number, key) }
      // The literal first: an integer beyond 2^53 is exact only as written.
      return (integer(ConfigValueParser.trimmed(value.rawValue)) ?? Int64(exactly: number))
        .map(FlagValue.integer) ?? .double(number)
    case .json?:
      do {
        return .object(try JSONParser().parse(value.rawValue))
      } catch {
        throw FlagEvaluationError(
          .parseError, "flag \(Excerpt.quoted(key)) is JSON but its value is not: \(error)")
      }
    }
  }

  /// The integer `literal` spells when it is written as one (an optional sign, then digits)
  /// and fits `Int64`; nil otherwise (`1.0` and `1e3` are read through their double).
  private static func integer(_ literal: Substring) -> Int64? {
    let digits = literal.utf8.drop { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
    guard literal.utf8.count - digits.count <= 1, !digits.isEmpty,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int64(literal.first == "+" ? literal.dropFirst() : literal)
  }

  private static func notReadable(
    _ value: ConfigValue, _ type: ConfigValueType, _ key: String
  ) -> FlagEvaluationError {
    FlagEvaluationError(
      .parseError,
      "flag \(Excerpt.quoted(key)) is a \(type) but its value \(Excerpt.quoted(value.rawValue))"
        + " is not")
  }

  /// The value as a `Bool`, when it is one.
  var booleanValue: Bool? {
    if case .boolean(let flag) = self { return flag }
    return nil
  }

  /// The value as a `String`, when it is one.
  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The value as an `Int64`: an integer, or a double with an integral value below 2^53 in
  /// magnitude (exactly representable), as Core's `ConfigValue.integer` reads `3.0` as 3.
  var integerValue: Int64? {
    switch self {
    case .integer(let number): number
    case .double(let number) where abs(number) < 9_007_199_254_740_992: Int64(exactly: number)
    default: nil
    }
  }

  /// The value as a `Double`: any number (an integer beyond 2^53 to the nearest double).
  var doubleValue: Double? {
    switch self {
    case .integer(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }

  /// The value as JSON, when it is a `JSON` parameter's.
  var objectValue: JSONValue? {
    if case .object(let json) = self { return json }
    return nil
  }
}
