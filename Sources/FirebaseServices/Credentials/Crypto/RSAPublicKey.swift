import ConfigEngine

/// The public half of an RSA key, which checks RSASSA-PKCS1-v1_5 SHA-256 signatures.
///
/// Signing verifies every signature with this before releasing it, and tests use it to check
/// signatures made elsewhere.
package struct RSAPublicKey: Sendable {
  /// The modulus sizes accepted, in bits. Google issues 2048-bit service-account keys; smaller
  /// ones are breakable, and larger than 8192 bits only costs time for no use.
  static let allowedBits = 2048...8192

  /// n, without leading zero limbs.
  let modulus: BigUInt
  /// e, one limb.
  let publicExponent: BigUInt
  /// The size of n in bits.
  let modulusBitCount: Int
  /// n prepared for exponentiation.
  private let montgomery: MontgomeryModulus

  /// The key (n, e).
  /// - Throws: `.keySize` for a modulus outside `allowedBits`, `.inconsistent` for an even
  ///   one, `.invalidPublicExponent` for e even, below 3 or over 64 bits (so always below n).
  init(modulus: BigUInt, publicExponent: BigUInt) throws(RSAKeyError) {
    let modulus = modulus.trimmed
    let bits = modulus.significantBitCount
    guard Self.allowedBits.contains(bits) else { throw .keySize(bits: bits) }
    guard let montgomery = MontgomeryModulus(modulus) else {
      throw .inconsistent("the modulus is even")
    }
    let exponent = publicExponent.trimmed
    guard exponent.limbCount == 1, exponent.isOdd, exponent.limbs[0] >= 3 else {
      throw .invalidPublicExponent
    }
    self.modulus = modulus
    self.publicExponent = exponent
    self.modulusBitCount = bits
    self.montgomery = montgomery
  }

  /// The public half of the private key in PEM `text` (PKCS#8 or PKCS#1), or nil when it is
  /// not a valid RSA private key: for a test's token endpoint, which checks what a key file's
  /// holder signed.
  package init?(privateKeyPEM text: String) {
    guard let key = try? RSAPrivateKey(pem: text) else { return nil }
    self = key.publicKey
  }

  /// The length of n, and of every signature, in bytes.
  var modulusByteCount: Int { (modulusBitCount + 7) / 8 }

  /// True when `signature` is this key's RSASSA-PKCS1-v1_5 SHA-256 signature of `message`.
  package func isValidSignature(_ signature: [UInt8], for message: some Sequence<UInt8>) -> Bool {
    guard signature.count == modulusByteCount else { return false }
    let representative = BigUInt(bigEndianBytes: signature)
    guard BigUInt.compare(representative, modulus) < 0 else { return false }
    let expected = EMSAPKCS1v15.encode(SHA256.hash(message), length: modulusByteCount)
    return raise(representative).bigEndianBytes(count: modulusByteCount) == expected
  }

  /// `x^e mod n` for `x` less than n: RSAVP1, the public operation.
  func raise(_ x: BigUInt) -> BigUInt {
    montgomery.power(x, exponent: publicExponent)
  }
}
