import Core

/// Reads an `application/x-www-form-urlencoded` body (HTML's form encoding, which OAuth 2.0
/// token requests use, RFC 6749 §4.1.3): `name=value` pairs joined by `&`, `+` for a space,
/// `%XX` escapes.
enum FormBody {
  /// The fields, or nil when the body is not valid form encoding or names a field twice
  /// (RFC 6749 §3.2: "Request and response parameters MUST NOT be included more than once").
  static func decode(_ body: [UInt8]) -> [String: String]? {
    guard let text = String(validating: body, as: UTF8.self) else { return nil }
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = unescape(parts[0]), !name.isEmpty,
        let value = parts.count == 2 ? unescape(parts[1]) : ""
      else { return nil }
      guard fields.updateValue(value, forKey: name) == nil else { return nil }
    }
    return fields
  }

  /// `text` with `+` as a space and `%XX` escapes decoded; nil for a broken escape or bytes
  /// that are not UTF-8.
  private static func unescape(_ text: Substring) -> String? {
    PercentEncoding.decode(text, plusIsSpace: true)
  }
}
