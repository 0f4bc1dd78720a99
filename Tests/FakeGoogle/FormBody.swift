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
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"):
        bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue),
          let low = iterator.next().flatMap(hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
      default:
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
