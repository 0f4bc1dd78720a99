/// Why a DER encoding could not be read, and where: the field being read and the byte offset
/// of its element. Messages name structure and sizes only, never the bytes read.
struct DERError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The field being read, e.g. `RSAPrivateKey.modulus`.
  let field: String
  /// The offset of the element's first byte in the encoding.
  let offset: Int
  /// What is wrong.
  let problem: Problem

  /// The ways a DER element can be unreadable.
  enum Problem: Sendable, Equatable {
    /// The structure ends where the element should be.
    case missing(DERTag?)
    /// Another tag where `DERTag` was expected.
    case unexpectedTag(DERTag, found: UInt8)
    /// A high tag number (low five bits set), which no key structure uses.
    case unsupportedTag(UInt8)
    /// The bytes end inside the tag or length.
    case cutOff
    /// Length 0x80, the indefinite form of BER.
    case indefiniteLength
    /// A length of more than 4 bytes.
    case lengthTooLong
    /// A long-form length that fits a shorter form.
    case lengthNotMinimal
    /// A length beyond the bytes that remain.
    case lengthPastEnd(declared: UInt64, remaining: Int)
    /// An INTEGER with no contents.
    case emptyInteger
    /// An INTEGER with a redundant leading 0x00 or 0xFF byte.
    case integerNotMinimal
    /// A negative INTEGER where only non-negative ones make sense.
    case negativeInteger
    /// An INTEGER larger than the field allows.
    case integerTooLarge(maximumBits: Int)
    /// A NULL with contents.
    case nonEmptyNull
    /// An OBJECT IDENTIFIER that is empty, cut off, not minimal or too long.
    case malformedObjectIdentifier
    /// Sequences nested deeper than `DERReader.maximumDepth`.
    case nestedTooDeeply
    /// Bytes after the last expected element.
    case trailingBytes(count: Int)
  }

  /// For example `RSAPrivateKey.modulus at byte 7: declares 257 bytes but 100 remain (cut off)`.
  var description: String { "\(field) at byte \(offset): \(problem.description)" }
}

extension DERError.Problem: CustomStringConvertible {
  /// The problem in words.
  var description: String {
    switch self {
    case .missing(let tag):
      "missing: the structure ends where \(tag.map { "a \($0.name)" } ?? "an element") should be"
    case .unexpectedTag(let tag, let found):
      "expected a \(tag.name) (tag \(hex(tag.rawValue))), found tag \(hex(found))"
    case .unsupportedTag(let tag): "tag \(hex(tag)) uses the high-tag-number form"
    case .cutOff: "the encoding is cut off inside the tag or length"
    case .indefiniteLength: "an indefinite length, which DER forbids"
    case .lengthTooLong: "a length of more than 4 bytes"
    case .lengthNotMinimal: "a length not in its shortest form, which DER forbids"
    case .lengthPastEnd(let declared, let remaining):
      "declares \(declared) bytes but \(remaining) remain (cut off)"
    case .emptyInteger: "an INTEGER with no contents"
    case .integerNotMinimal: "an INTEGER with a redundant leading byte, which DER forbids"
    case .negativeInteger: "a negative INTEGER"
    case .integerTooLarge(let bits): "an INTEGER longer than \(bits) bits"
    case .nonEmptyNull: "a NULL with contents"
    case .malformedObjectIdentifier: "a malformed OBJECT IDENTIFIER"
    case .nestedTooDeeply: "nested more than \(DERReader.maximumDepth) levels deep"
    case .trailingBytes(let count): "\(count) unexpected bytes after the last field"
    }
  }
}

/// A tag byte as `0x30`.
private func hex(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return "0x" + (digits.count < 2 ? "0" + digits : digits)
}
