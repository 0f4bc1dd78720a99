/// An ASN.1 OBJECT IDENTIFIER such as 1.2.840.113549.1.1.1, which names a key's algorithm in
/// PKCS#8.
struct ASN1ObjectIdentifier: Sendable, Hashable, CustomStringConvertible {
  /// The arcs, e.g. `[1, 2, 840, 113549, 1, 1, 1]`.
  let arcs: [UInt64]

  /// The identifier with these arcs.
  init(_ arcs: [UInt64]) {
    self.arcs = arcs
  }

  /// The longest contents read: real algorithm identifiers take about ten bytes.
  static let maximumEncodedLength = 64

  /// Decodes DER contents: base-128 arcs, high bit set on all but the last byte of each, the
  /// first byte holding the first two arcs. Nil when empty, cut off, not minimal (a leading
  /// 0x80 byte), too long, or an arc exceeds 63 bits.
  init?(derContents: ArraySlice<UInt8>) {
    guard !derContents.isEmpty, derContents.count <= Self.maximumEncodedLength else { return nil }
    var values: [UInt64] = []
    var value: UInt64 = 0
    var startsArc = true
    for byte in derContents {
      if startsArc && byte == 0x80 { return nil }
      guard value >> 56 == 0 else { return nil }
      value = value << 7 | UInt64(byte & 0x7F)
      startsArc = byte & 0x80 == 0
      if startsArc {
        values.append(value)
        value = 0
      }
    }
    guard startsArc, let first = values.first else { return nil }
    let leading: [UInt64] = first < 80 ? [first / 40, first % 40] : [2, first - 80]
    arcs = leading + values.dropFirst()
  }

  /// Dotted form, e.g. `1.2.840.10045.2.1`.
  var description: String { arcs.map(String.init).joined(separator: ".") }

  /// rsaEncryption (PKCS#1): the algorithm of an RSA key in PKCS#8.
  static let rsaEncryption = ASN1ObjectIdentifier([1, 2, 840, 113_549, 1, 1, 1])

  /// What kind of key other common algorithm identifiers name, for messages.
  static let keyKinds: [ASN1ObjectIdentifier: String] = [
    ASN1ObjectIdentifier([1, 2, 840, 10045, 2, 1]): "an EC key",
    ASN1ObjectIdentifier([1, 2, 840, 113_549, 1, 1, 10]): "an RSA-PSS key",
    ASN1ObjectIdentifier([1, 2, 840, 10040, 4, 1]): "a DSA key",
    ASN1ObjectIdentifier([1, 3, 101, 110]): "an X25519 key",
    ASN1ObjectIdentifier([1, 3, 101, 111]): "an X448 key",
    ASN1ObjectIdentifier([1, 3, 101, 112]): "an Ed25519 key",
    ASN1ObjectIdentifier([1, 3, 101, 113]): "an Ed448 key",
  ]
}
