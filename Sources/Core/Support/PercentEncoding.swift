/// `%XX` escapes, as URLs (RFC 3986) and HTML's form encoding write bytes: one decoder for URL
/// hosts (`HTTPHost`), the OFREP responder's flag keys and the test servers' form bodies.
package enum PercentEncoding {
  /// `text` with its `%XX` escapes decoded (and, with `plusIsSpace`, `+` as a space, as form
  /// encoding writes one); nil for a malformed escape or bytes that are not UTF-8.
  package static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
    decode(bytes: text.utf8, plusIsSpace: plusIsSpace).flatMap {
      String(validating: $0, as: UTF8.self)
    }
  }

  /// `bytes` with their `%XX` escapes decoded (and, with `plusIsSpace`, `+` as a space); nil
  /// for a `%` that starts no escape. The bytes are not checked to be UTF-8: a URL's host is
  /// held to its own rule after decoding.
  package static func decode(
    bytes: some Collection<UInt8>, plusIsSpace: Bool = false
  ) -> [UInt8]? {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+") where plusIsSpace:
        decoded.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(HexDigit.value),
          let low = iterator.next().flatMap(HexDigit.value)
        else { return nil }
        decoded.append(high << 4 | low)
      default:
        decoded.append(byte)
      }
    }
    return decoded
  }
}
