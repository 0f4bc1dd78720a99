/// `application/x-www-form-urlencoded` bodies, as OAuth 2.0 token requests are sent
/// (RFC 6749 §4.1.3, appendix B): `name=value` pairs joined by `&`, every byte outside the
/// unreserved characters (`A-Z a-z 0-9 - . _ ~`) percent-encoded from UTF-8.
enum FormURLEncoding {
  /// The body for `fields`, in the order given.
  static func body(_ fields: [(name: String, value: String)]) -> [UInt8] {
    Array(fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&").utf8)
  }

  /// `text` percent-encoded: a space is `%20` (which every form decoder reads as a space,
  /// as it does `+`), `/` is `%2F`.
  static func encode(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      if isUnreserved(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
      }
    }
    return encoded
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }

  private static func hexDigit(_ nibble: UInt8) -> String {
    String(nibble, radix: 16, uppercase: true)
  }
}
