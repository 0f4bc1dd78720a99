import ConfigEngine

/// An RSA private key that makes RSASSA-PKCS1-v1_5 SHA-256 signatures (RS256), written here
/// because no allowed package provides RSA.
///
/// Signing uses the CRT (RFC 8017 §5.1.2, two primes): two exponentiations modulo p and q of
/// half the size, recombined with qInv. Each exponentiation is `MontgomeryModulus.power`, a
/// fixed-window method whose sequence of multiplications and memory reads does not depend on
/// the exponent's bits, with secret exponents padded to their prime's limb count. Every
/// signature is checked with the public key before it is returned (a fault in the CRT would
/// otherwise hand out a value that reveals a prime); a failed check throws.
///
/// Limits, honestly: Swift makes no constant-time promise, so this avoids secret-dependent
/// branches and table indices in the source but cannot rule out what the compiler or the
/// processor does; there is no blinding (the messages signed here, JWT claims, are not
/// chosen by an attacker); and key numbers live in ordinary arrays that are not wiped when
/// freed. `description`, `debugDescription` and the mirror show the size, never the key.
struct RSAPrivateKey: Sendable {
  /// n and e.
  let publicKey: RSAPublicKey
  private let primeP: MontgomeryModulus
  private let primeQ: MontgomeryModulus
  /// dP with as many limbs as p, so the exponentiation's length does not show its size.
  private let exponentP: BigUInt
  /// dQ with as many limbs as q.
  private let exponentQ: BigUInt
  /// qInv with as many limbs as p.
  private let coefficient: BigUInt

  /// Reads and checks a PEM key: PKCS#8 `BEGIN PRIVATE KEY` or PKCS#1 `BEGIN RSA PRIVATE KEY`.
  init(pem text: some StringProtocol) throws(RSAKeyError) {
    try self.init(components: RSAPrivateKeyComponents(pem: text))
  }

  /// A key from numbers that pass `RSAPrivateKeyComponents.validate()`.
  init(components: RSAPrivateKeyComponents) throws(RSAKeyError) {
    try components.validate()
    try self.init(unvalidated: components)
  }

  /// A key from numbers that are only checked as far as the arithmetic needs (odd primes, a
  /// valid public key): for tests of the signature check, which must catch what `validate`
  /// would have.
  init(unvalidated components: RSAPrivateKeyComponents) throws(RSAKeyError) {
    publicKey = try RSAPublicKey(
      modulus: components.modulus, publicExponent: components.publicExponent)
    guard let p = MontgomeryModulus(components.prime1),
      let q = MontgomeryModulus(components.prime2)
    else { throw .inconsistent("prime1 and prime2 must be odd and greater than 1") }
    guard components.exponent1.trimmed.limbCount <= p.limbCount,
      components.exponent2.trimmed.limbCount <= q.limbCount,
      components.coefficient.trimmed.limbCount <= p.limbCount
    else {
      throw .inconsistent(
        "exponent1 and coefficient must be less than prime1, exponent2 less than prime2")
    }
    primeP = p
    primeQ = q
    exponentP = components.exponent1.trimmed.resized(to: p.limbCount)
    exponentQ = components.exponent2.trimmed.resized(to: q.limbCount)
    coefficient = components.coefficient.trimmed.resized(to: p.limbCount)
  }

  /// The RSASSA-PKCS1-v1_5 SHA-256 signature of `message`, as many bytes as the modulus.
  /// - Throws: `.signatureCheckFailed` when the public key does not verify it.
  func signature(for message: some Sequence<UInt8>) throws(RSAKeyError) -> [UInt8] {
    let length = publicKey.modulusByteCount
    let encoded = EMSAPKCS1v15.encode(SHA256.hash(message), length: length)
    let representative = BigUInt(bigEndianBytes: encoded)
    let signature = privateOperation(representative)
    guard BigUInt.compare(signature, publicKey.modulus) < 0,
      publicKey.raise(signature) == representative,
      let bytes = signature.bigEndianBytes(count: length)
    else { throw .signatureCheckFailed }
    return bytes
  }

  /// `m^d mod n` by the CRT: m1 = m^dP mod p, m2 = m^dQ mod q, h = qInv·(m1 − m2) mod p,
  /// s = m2 + h·q. Every step's work depends on sizes only.
  private func privateOperation(_ message: BigUInt) -> BigUInt {
    let p = primeP.modulus
    let m1 = primeP.power(message.remainder(dividingBy: p), exponent: exponentP)
    let m2 = primeQ.power(message.remainder(dividingBy: primeQ.modulus), exponent: exponentQ)
    // m1 − m2 mod p: subtract m2 mod p, then add p back under a mask when it borrowed. The
    // sum wraps modulo 2^(64k) exactly when the subtraction did, so dropping the top limb
    // leaves m1 − m2 + p.
    let (difference, borrow) = m1.subtracting(m2.remainder(dividingBy: p))
    let correction = BigUInt(limbs: p.limbs.map { $0 & Limb.mask(borrow) })
    let reduced = difference.adding(correction).resized(to: primeP.limbCount)
    let h = primeP.multiplyReduced(reduced, coefficient)
    return h.multiplied(by: primeQ.modulus).adding(m2)
  }
}

extension RSAPrivateKey: RedactedDescription {
  /// The modulus size only, e.g. `RSAPrivateKey(2048 bits)`.
  var redactedSummary: String { "RSAPrivateKey(\(publicKey.modulusBitCount) bits)" }
}
