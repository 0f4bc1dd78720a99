import ConfigEngine

/// EMSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §9.2): the block that RSASSA-PKCS1-v1_5 raises to
/// the private exponent, and that verification compares against.
enum EMSAPKCS1v15 {
  /// The DER of DigestInfo { AlgorithmIdentifier { id-sha256, NULL }, OCTET STRING (32) },
  /// without the digest (RFC 8017 §9.2, note 1).
  static let sha256DigestInfoPrefix: [UInt8] = [
    0x30, 0x31, 0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
    0x05, 0x00, 0x04, 0x20,
  ]

  /// `00 01 FF…FF 00 || DigestInfo || digest`, `length` bytes long (the modulus's byte length,
  /// at least 62 for SHA-256 with the required 8 bytes of FF).
  static func encode(_ digest: SHA256Digest, length: Int) -> [UInt8] {
    let digestInfo = sha256DigestInfoPrefix + digest.bytes
    let paddingCount = max(length - digestInfo.count - 3, 8)
    return [0x00, 0x01] + [UInt8](repeating: 0xFF, count: paddingCount) + [0x00] + digestInfo
  }
}
