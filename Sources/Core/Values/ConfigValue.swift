public import Foundation

/// One remote-config value: the raw string and where it came from, with typed accessors
/// that follow one rule on every platform (`NSString.boolValue` and `doubleValue` differ
/// between Darwin and Linux and turn garbage into 0, so they are not used):
///
/// - The string is trimmed of Unicode whitespace at both ends first.
/// - Booleans, case-insensitively: `1, true, t, yes, y, on` are true;
///   `0, false, f, no, n, off` and the empty string are false; anything else is not a Boolean.
/// - Numbers are decimal literals: an optional sign, digits with an optional fraction (`.5`
///   and `5.` included), an optional exponent. No hex, no `_`, no `inf` or `NaN`; a blank
///   string or a value that overflows a `Double` is not a number.
///
/// Accessors come in pairs: a lenient one with Firebase's name (`boolValue`, `numberValue`)
/// that falls back to `false`/`0`, and a strict one (`bool`, `number`) that returns nil
/// instead of guessing. Typed `ConfigKey`s use the strict ones.
public struct ConfigValue: Sendable, Hashable {
  /// The key this value was read for ("" when built by hand); named in errors.
  public let key: String
  /// The value exactly as stored, untrimmed.
  public let rawValue: String
  /// Where the value came from.
  public let source: ConfigValueSource

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(key: String = "", rawValue: String, source: ConfigValueSource) {
    self.key = key
    self.rawValue = rawValue
    self.source = source
  }

  /// The value for a key that nothing defines: an empty `static` value.
  public static func missing(key: String) -> ConfigValue {
    ConfigValue(key: key, rawValue: "", source: .static)
  }

  /// The string, trimmed of whitespace at both ends.
  public var stringValue: String { String(ConfigValueParser.trimmed(rawValue)) }

  /// The Boolean, or nil when the string spells none (the rule above).
  public var bool: Bool? { ConfigValueParser.bool(rawValue) }

  /// The Boolean, or false when the string spells none (Firebase's lenient reading).
  public var boolValue: Bool { bool ?? false }

  /// The number, or nil when the string is not a decimal literal.
  public var number: Double? { ConfigValueParser.number(rawValue) }

  /// The number, or 0 when the string is not a decimal literal (Firebase's lenient reading).
  public var numberValue: Double { number ?? 0 }

  /// The integer, or nil when the string is not a decimal literal with an integral value.
  public var integer: Int? { ConfigValueParser.integer(rawValue) }

  /// The value parsed as JSON (any JSON value, fragments such as `3` or `"a"` included), or
  /// nil when it is not JSON. `json()` says why.
  public var jsonValue: JSONValue? { try? json() }

  /// The value parsed as JSON.
  /// - Throws: `ConfigValueError` naming the key and the position of the problem.
  public func json() throws(ConfigValueError) -> JSONValue {
    do {
      return try JSONParser().parse(rawValue)
    } catch {
      throw ConfigValueError(
        key: key, rawValue: rawValue, expected: "JSON", detail: error.description)
    }
  }

  /// The value's UTF-8 bytes, for values that carry binary-safe text.
  public var dataValue: Data { Data(rawValue.utf8) }

  /// Decodes the value's JSON into `T`. Dates are ISO-8601 strings with an offset
  /// (fractional seconds allowed).
  /// - Throws: `ConfigValueError` naming the key, the type and the field at fault.
  public func decoded<T: Decodable>(as type: T.Type = T.self) throws(ConfigValueError) -> T {
    do {
      return try ConfigJSONCoding.makeDecoder().decode(T.self, from: Data(rawValue.utf8))
    } catch {
      throw ConfigValueError(
        key: key, rawValue: rawValue, expected: "JSON for \(T.self)",
        detail: DecodingErrorDescription.describe(error))
    }
  }
}

extension ConfigValue: CustomStringConvertible {
  /// For example `"true" (remote)`.
  public var description: String { "\"\(rawValue)\" (\(source))" }
}
