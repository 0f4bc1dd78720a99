/// HTTP's token (RFC 9110, section 5.6.2), what methods and field names are made of: one rule
/// for the client that writes requests and the server that reads them, so neither lets a
/// space, a colon or a line break into a name.
package enum HTTPToken {
  /// Whether `byte` is a `tchar`: a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
  package static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C,
      0x7E:
      true
    default: false
    }
  }

  /// Whether `text` is a token: one or more `tchar`s and nothing else.
  package static func isToken(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
  }
}
