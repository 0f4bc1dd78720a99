@testable import FirebaseServices
import Testing

@Suite("DERReader")
struct DERReaderTests {
  @Test("a sequence of every supported type reads back field by field")
  func everyType() throws {
    let der: [UInt8] = DERBuilder.sequence([
      [0x02, 0x02, 0x00, 0x80],  // INTEGER 128: a leading zero keeps it positive
      [0x04, 0x03, 0xAA, 0xBB, 0xCC],  // OCTET STRING
      [0x05, 0x00],  // NULL
      [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01],  // rsaEncryption
      DERBuilder.sequence([[0x02, 0x01, 0x07]]),
    ])
    var outer = DERReader(der)
    var reader = try outer.readSequence("outer")
    try outer.expectEnd("outer")
    #expect(try reader.readUnsignedInteger("integer", maximumBits: 16).limbs == [128])
    #expect(try reader.readOctetString("octets") == [0xAA, 0xBB, 0xCC])
    try reader.readNull("null")
    #expect(try reader.readObjectIdentifier("oid") == .rsaEncryption)
    var inner = try reader.readSequence("inner")
    #expect(try inner.readSmallInteger("small") == 7)
    try inner.expectEnd("inner")
    try reader.expectEnd("outer")
  }

  @Test(
    "malformed encodings are refused with the problem named, never a trap",
    arguments: [
      ([], DERError.Problem.missing(.sequence)),
      ([0x30], .cutOff),
      ([0x30, 0x80, 0x00, 0x00], .indefiniteLength),
      ([0x30, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00], .lengthTooLong),
      ([0x30, 0x88, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .lengthTooLong),
      ([0x30, 0xFF], .lengthTooLong),
      ([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], .lengthPastEnd(declared: 0xFFFF_FFFF, remaining: 0)),
      (
        [0x30, 0x84, 0x7F, 0xFF, 0xFF, 0xFF, 0x00],
        .lengthPastEnd(declared: 0x7FFF_FFFF, remaining: 1)
      ),
      ([0x30, 0x82, 0xFF], .cutOff),
      ([0x30, 0x81, 0x05, 0x02, 0x01, 0x00, 0x00, 0x00], .lengthNotMinimal),
      ([0x30, 0x82, 0x00, 0x90] + [UInt8](repeating: 0, count: 0x90), .lengthNotMinimal),
      ([0x30, 0x03, 0x02, 0x01], .lengthPastEnd(declared: 3, remaining: 2)),
      ([0x31, 0x00], .unexpectedTag(.sequence, found: 0x31)),
      ([0x3F, 0x00], .unexpectedTag(.sequence, found: 0x3F)),
    ] as [([UInt8], DERError.Problem)])
  func malformedOuter(der: [UInt8], problem: DERError.Problem) {
    var reader = DERReader(der)
    #expect(throws: DERError(field: "outer", offset: 0, problem: problem)) {
      _ = try reader.readSequence("outer")
    }
  }

  @Test(
    "integers must be minimal, non-negative and within the field's size",
    arguments: [
      ([0x02, 0x00], DERError.Problem.emptyInteger),
      ([0x02, 0x02, 0x00, 0x7F], .integerNotMinimal),
      ([0x02, 0x02, 0xFF, 0x80], .integerNotMinimal),
      ([0x02, 0x01, 0x80], .negativeInteger),
      ([0x02, 0x03, 0x01, 0x00, 0x00], .integerTooLarge(maximumBits: 16)),
      ([0x04, 0x01, 0x00], .unexpectedTag(.integer, found: 0x04)),
    ] as [([UInt8], DERError.Problem)])
  func malformedIntegers(der: [UInt8], problem: DERError.Problem) {
    var reader = DERReader(der)
    #expect(throws: DERError(field: "n", offset: 0, problem: problem)) {
      _ = try reader.readUnsignedInteger("n", maximumBits: 16)
    }
  }

  @Test(
    "object identifiers decode to their dotted form, malformed ones are refused",
    arguments: [
      ([0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01], "1.2.840.10045.2.1"),
      ([0x2B, 0x65, 0x70], "1.3.101.112"),
      ([0x88, 0x37, 0x03], "2.999.3"),
      ([], nil),
      ([0x2A, 0x86], nil),  // cut off inside an arc
      ([0x2A, 0x80, 0x01], nil),  // a leading 0x80 is not minimal
      ([0x2A] + [UInt8](repeating: 0xFF, count: 10) + [0x01], nil),  // an arc over 63 bits
      ([UInt8](repeating: 0x01, count: 65), nil),  // longer than any real identifier
    ] as [([UInt8], String?)])
  func objectIdentifiers(contents: [UInt8], dotted: String?) {
    #expect(ASN1ObjectIdentifier(derContents: contents[...])?.description == dotted)
  }

  @Test("nesting deeper than the bound is refused")
  func depth() throws {
    var der: [UInt8] = [0x05, 0x00]
    for _ in 0..<(DERReader.maximumDepth + 1) { der = DERBuilder.sequence([der]) }
    var reader = DERReader(der)
    for _ in 0..<DERReader.maximumDepth { reader = try reader.readSequence("level") }
    // Each level adds a 2-byte header, so the ninth sequence starts at byte 16.
    #expect(throws: DERError(field: "level", offset: 16, problem: .nestedTooDeeply)) {
      _ = try reader.readSequence("level")
    }
  }

  @Test(
    "bytes after the last field are refused",
    arguments: [[0x30, 0x00, 0x00], [0x30, 0x00, 0x05, 0x00]] as [[UInt8]])
  func trailingBytes(der: [UInt8]) throws {
    var reader = DERReader(der)
    _ = try reader.readSequence("outer")
    #expect(
      throws: DERError(field: "outer", offset: 2, problem: .trailingBytes(count: der.count - 2))
    ) {
      try reader.expectEnd("outer")
    }
  }

  @Test("a NULL with contents is refused")
  func nullWithContents() {
    var null = DERReader([0x05, 0x01, 0x00])
    #expect(throws: DERError(field: "null", offset: 0, problem: .nonEmptyNull)) {
      try null.readNull("null")
    }
  }

  @Test("messages name the field, the offset and the problem")
  func messages() {
    let error = DERError(
      field: "RSAPrivateKey.modulus", offset: 7,
      problem: .lengthPastEnd(declared: 257, remaining: 100))
    #expect(
      error.description
        == "RSAPrivateKey.modulus at byte 7: declares 257 bytes but 100 remain (cut off)")
  }
}
