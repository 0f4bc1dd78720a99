/// The numbers of a two-prime RSA private key, as PKCS#1's RSAPrivateKey lists them, before
/// they are checked.
struct RSAPrivateKeyComponents: Sendable {
  /// n = p·q.
  var modulus: BigUInt
  /// e.
  var publicExponent: BigUInt
  /// d; read, but signing uses the CRT numbers below.
  var privateExponent: BigUInt
  /// p.
  var prime1: BigUInt
  /// q.
  var prime2: BigUInt
  /// dP = d mod (p − 1).
  var exponent1: BigUInt
  /// dQ = d mod (q − 1).
  var exponent2: BigUInt
  /// qInv = q⁻¹ mod p.
  var coefficient: BigUInt

  /// Checks that the numbers fit together as signing needs them to.
  ///
  /// Every relation the CRT uses is checked: n = p·q, dP < p, dQ < q, qInv < p,
  /// e·dP ≡ 1 (mod p − 1), e·dQ ≡ 1 (mod q − 1) and qInv·q ≡ 1 (mod p). That d and the
  /// primes are prime is not checked; a key that passes these but still signs wrongly is
  /// caught by the public-key check of each signature. The arithmetic is `BigUInt`'s, whose
  /// timing does not depend on the values; only the outcome of each check is visible.
  func validate() throws(RSAKeyError) {
    let publicKey = try RSAPublicKey(modulus: modulus, publicExponent: publicExponent)
    let one = BigUInt(1)
    guard prime1.isOdd, prime2.isOdd, BigUInt.compare(prime1, one) > 0,
      BigUInt.compare(prime2, one) > 0
    else { throw .inconsistent("prime1 and prime2 must be odd and greater than 1") }
    guard prime1.multiplied(by: prime2) == publicKey.modulus else {
      throw .inconsistent("prime1 × prime2 is not the modulus")
    }
    guard BigUInt.compare(exponent1, prime1) < 0, BigUInt.compare(exponent2, prime2) < 0,
      BigUInt.compare(coefficient, prime1) < 0
    else {
      throw .inconsistent(
        "exponent1 and coefficient must be less than prime1, exponent2 less than prime2")
    }
    let e = publicKey.publicExponent
    guard
      e.multiplied(by: exponent1).remainder(dividingBy: prime1.subtracting(one).difference)
        == one
    else { throw .inconsistent("exponent1 is not the inverse of publicExponent mod prime1 − 1") }
    guard
      e.multiplied(by: exponent2).remainder(dividingBy: prime2.subtracting(one).difference)
        == one
    else { throw .inconsistent("exponent2 is not the inverse of publicExponent mod prime2 − 1") }
    guard coefficient.multiplied(by: prime2).remainder(dividingBy: prime1) == one else {
      throw .inconsistent("coefficient is not the inverse of prime2 mod prime1")
    }
  }
}

extension RSAPrivateKeyComponents: RedactedDescription {
  /// The modulus size only.
  var redactedSummary: String { "RSAPrivateKeyComponents(\(modulus.significantBitCount) bits)" }
}
