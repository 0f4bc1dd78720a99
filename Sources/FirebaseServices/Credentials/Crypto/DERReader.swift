/// A strict reader of ASN.1 DER (X.690), for the structures of RSA private keys.
///
/// It reads one level of elements at a time: `readSequence` hands back a reader over the
/// sequence's contents, one level deeper, and nesting stops at `maximumDepth`. Only definite
/// lengths in their shortest form are accepted, every length is checked against the bytes that
/// remain before anything is sliced, and integers must be minimally encoded, as DER requires
/// (OpenSSL refuses the same). Key files come from outside: nothing here traps or allocates
/// more than the input's size.
struct DERReader {
  /// The deepest nesting read; PKCS#8 around PKCS#1 needs 3.
  static let maximumDepth = 8

  private let bytes: [UInt8]
  /// The next element's first byte, an index into `bytes`.
  private var position: Int
  /// Where this reader's contents end, an index into `bytes`.
  private let end: Int
  private let depth: Int

  /// A reader over a whole DER encoding.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    position = 0
    end = bytes.count
    depth = 0
  }

  private init(bytes: [UInt8], start: Int, end: Int, depth: Int) {
    self.bytes = bytes
    position = start
    self.end = end
    self.depth = depth
  }

  /// True when every element has been read.
  var isAtEnd: Bool { position >= end }

  /// The next element's tag byte, without reading it.
  var nextTag: UInt8? { position < end ? bytes[position] : nil }

  /// Reads a SEQUENCE and returns a reader over its contents.
  mutating func readSequence(_ field: String) throws(DERError) -> DERReader {
    let element = try readElement(field, tag: .sequence)
    guard depth < Self.maximumDepth else {
      throw DERError(field: field, offset: element.start, problem: .nestedTooDeeply)
    }
    return DERReader(
      bytes: bytes, start: element.contents.lowerBound, end: element.contents.upperBound,
      depth: depth + 1)
  }

  /// Reads a non-negative INTEGER of at most `maximumBits` bits, keeping its encoded size.
  mutating func readUnsignedInteger(_ field: String, maximumBits: Int) throws(DERError) -> BigUInt {
    let element = try readElement(field, tag: .integer)
    let contents = element.contents
    guard let first = contents.first.map({ bytes[$0] }) else {
      throw DERError(field: field, offset: element.start, problem: .emptyInteger)
    }
    // Minimal form: no leading 0x00 before a byte whose top bit is clear, no leading 0xFF.
    if contents.count > 1 {
      let second = bytes[contents.lowerBound + 1]
      if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
        throw DERError(field: field, offset: element.start, problem: .integerNotMinimal)
      }
    }
    guard first & 0x80 == 0 else {
      throw DERError(field: field, offset: element.start, problem: .negativeInteger)
    }
    let magnitude = first == 0 ? contents.dropFirst() : contents[...]
    guard magnitude.count <= (maximumBits + 7) / 8 else {
      throw DERError(
        field: field, offset: element.start, problem: .integerTooLarge(maximumBits: maximumBits))
    }
    return BigUInt(bigEndianBytes: bytes[magnitude])
  }

  /// Reads an INTEGER that must fit a small non-negative `Int` (a version number).
  mutating func readSmallInteger(_ field: String) throws(DERError) -> Int {
    let value = try readUnsignedInteger(field, maximumBits: 16)
    return Int(truncatingIfNeeded: value.limbs[0])
  }

  /// Reads an OCTET STRING's contents.
  mutating func readOctetString(_ field: String) throws(DERError) -> [UInt8] {
    Array(bytes[try readElement(field, tag: .octetString).contents])
  }

  /// Reads a NULL, whose contents must be empty.
  mutating func readNull(_ field: String) throws(DERError) {
    let element = try readElement(field, tag: .null)
    guard element.contents.isEmpty else {
      throw DERError(field: field, offset: element.start, problem: .nonEmptyNull)
    }
  }

  /// Reads an OBJECT IDENTIFIER, rejecting contents that do not encode one (empty, too
  /// long, an arc truncated or padded with a leading 0x80).
  mutating func readObjectIdentifier(_ field: String) throws(DERError) -> ASN1ObjectIdentifier {
    let element = try readElement(field, tag: .objectIdentifier)
    guard let identifier = ASN1ObjectIdentifier(derContents: bytes[element.contents]) else {
      throw DERError(field: field, offset: element.start, problem: .malformedObjectIdentifier)
    }
    return identifier
  }

  /// Reads any one element, whatever its tag (to skip optional parts).
  mutating func skipElement(_ field: String) throws(DERError) {
    _ = try readElement(field, tag: nil)
  }

  /// Throws unless every element has been read.
  func expectEnd(_ field: String) throws(DERError) {
    guard isAtEnd else {
      throw DERError(field: field, offset: position, problem: .trailingBytes(count: end - position))
    }
  }

  /// Reads one tag-length-value element whose tag is `tag` (any tag when nil).
  private mutating func readElement(
    _ field: String, tag expected: DERTag?
  ) throws(DERError) -> (start: Int, contents: Range<Int>) {
    let start = position
    guard position < end else {
      throw DERError(field: field, offset: start, problem: .missing(expected))
    }
    let tag = bytes[position]
    if let expected, tag != expected.rawValue {
      throw DERError(field: field, offset: start, problem: .unexpectedTag(expected, found: tag))
    }
    // High tag numbers (low five bits all set) take more bytes; no key structure uses them.
    guard tag & 0x1F != 0x1F else {
      throw DERError(field: field, offset: start, problem: .unsupportedTag(tag))
    }
    position += 1
    guard position < end else { throw DERError(field: field, offset: start, problem: .cutOff) }
    let first = bytes[position]
    position += 1
    // The length, kept as UInt64 until it is known to fit what remains.
    var length: UInt64
    if first < 0x80 {
      length = UInt64(first)
    } else if first == 0x80 {
      throw DERError(field: field, offset: start, problem: .indefiniteLength)
    } else {
      let count = Int(first & 0x7F)
      // Four length bytes describe 4 GiB, far past any input; more is refused before reading.
      guard count <= 4 else {
        throw DERError(field: field, offset: start, problem: .lengthTooLong)
      }
      guard count <= end - position else {
        throw DERError(field: field, offset: start, problem: .cutOff)
      }
      length = 0
      for _ in 0..<count {
        length = length << 8 | UInt64(bytes[position])
        position += 1
      }
      // Shortest form: a long form only from 128, and no leading zero byte.
      guard length >= 0x80, length >> UInt64((count - 1) * 8) != 0 else {
        throw DERError(field: field, offset: start, problem: .lengthNotMinimal)
      }
    }
    let remaining = end - position
    guard length <= UInt64(remaining) else {
      throw DERError(
        field: field, offset: start, problem: .lengthPastEnd(declared: length, remaining: remaining)
      )
    }
    let contentLength = Int(length)
    let contents = position..<(position + contentLength)
    position += contentLength
    return (start, contents)
  }
}

/// The universal tags the key structures use.
enum DERTag: UInt8, Sendable {
  case integer = 0x02
  case octetString = 0x04
  case null = 0x05
  case objectIdentifier = 0x06
  case sequence = 0x30

  /// The ASN.1 name, for messages.
  var name: String {
    switch self {
    case .integer: "INTEGER"
    case .octetString: "OCTET STRING"
    case .null: "NULL"
    case .objectIdentifier: "OBJECT IDENTIFIER"
    case .sequence: "SEQUENCE"
    }
  }
}
