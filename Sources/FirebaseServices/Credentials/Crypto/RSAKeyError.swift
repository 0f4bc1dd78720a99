/// Why a private key cannot be used to sign, in words a person can act on.
///
/// Messages name structures, fields, sizes and algorithm identifiers; they never hold key
/// material (no base64, no numbers of the key beyond its size in bits).
enum RSAKeyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not a usable PEM block.
  case pem(PEMError)
  /// The DER inside the PEM is malformed.
  case der(DERError)
  /// A private key for another algorithm. `kind` names it when known (`an EC key`).
  case notRSA(kind: String?, algorithm: ASN1ObjectIdentifier?)
  /// A PEM label or version this reader does not take: an encrypted PKCS#8 key, a public key,
  /// a certificate, a multi-prime key.
  case unsupported(String)
  /// rsaEncryption with parameters other than NULL.
  case invalidAlgorithmParameters
  /// A modulus outside `RSAPublicKey.allowedBits`.
  case keySize(bits: Int)
  /// A public exponent that is even, below 3, wider than 64 bits or not below the modulus.
  case invalidPublicExponent
  /// The key's numbers do not fit together; the text says which relation fails.
  case inconsistent(String)
  /// A signature the public key does not verify: a fault while signing, or a key whose parts
  /// disagree in a way the checks at loading missed. The signature is discarded.
  case signatureCheckFailed

  /// The problem, e.g. `not an RSA key (found an EC key, OID 1.2.840.10045.2.1)`.
  var description: String {
    switch self {
    case .pem(let error): error.description
    case .der(let error): "the key's DER is malformed: \(error.description)"
    case .notRSA(let kind, let algorithm):
      "not an RSA key (found "
        + [kind ?? "an unknown kind of key", algorithm.map { "OID \($0)" }].compactMap { $0 }
        .joined(separator: ", ") + ")"
    case .unsupported(let what): what
    case .invalidAlgorithmParameters:
      "the rsaEncryption algorithm identifier has parameters other than NULL"
    case .keySize(let bits):
      "a \(bits)-bit RSA key is not accepted: the modulus must have "
        + "\(RSAPublicKey.allowedBits.lowerBound) to \(RSAPublicKey.allowedBits.upperBound) bits"
    case .invalidPublicExponent:
      "the public exponent must be odd, at least 3, at most 64 bits and less than the modulus"
    case .inconsistent(let relation): "the key's numbers are inconsistent: \(relation)"
    case .signatureCheckFailed:
      "the signature did not verify with the key's public part, so it was discarded "
        + "(a fault while signing, or a damaged key)"
    }
  }
}
