extension RSAPrivateKeyComponents {
  /// The PEM labels read: PKCS#8 first, the form Google's key files use.
  static let pemLabels = ["PRIVATE KEY", "RSA PRIVATE KEY"]

  /// The widest INTEGER read; no field of an accepted key is wider than its modulus.
  private static let maximumIntegerBits = RSAPublicKey.allowedBits.upperBound

  /// Reads a PEM private key: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`).
  /// Other PEM blocks get an error that says what they are.
  init(pem text: some StringProtocol) throws(RSAKeyError) {
    let document: PEMDocument
    do {
      document = try PEMDocument(decoding: text, labels: Self.pemLabels)
    } catch {
      throw Self.explain(error)
    }
    if document.label == "RSA PRIVATE KEY" {
      try self.init(pkcs1DER: document.der)
    } else {
      try self.init(pkcs8DER: document.der)
    }
  }

  /// Reads PKCS#8 PrivateKeyInfo (RFC 5208; OneAsymmetricKey of RFC 5958 too) holding an
  /// rsaEncryption key.
  init(pkcs8DER der: [UInt8]) throws(RSAKeyError) {
    let info:
      (
        version: Int, algorithm: ASN1ObjectIdentifier, hasOtherParameters: Bool,
        privateKey: [UInt8]
      )
    do throws(DERError) {
      var outer = DERReader(der)
      var sequence = try outer.readSequence("PrivateKeyInfo")
      try outer.expectEnd("PrivateKeyInfo")
      let version = try sequence.readSmallInteger("PrivateKeyInfo.version")
      var algorithm = try sequence.readSequence("PrivateKeyInfo.privateKeyAlgorithm")
      let identifier = try algorithm.readObjectIdentifier(
        "PrivateKeyInfo.privateKeyAlgorithm.algorithm")
      // rsaEncryption takes NULL (or, from some encoders, nothing); EC keys name a curve here.
      var hasOtherParameters = false
      if algorithm.nextTag == DERTag.null.rawValue {
        try algorithm.readNull("PrivateKeyInfo.privateKeyAlgorithm.parameters")
      } else if !algorithm.isAtEnd {
        try algorithm.skipElement("PrivateKeyInfo.privateKeyAlgorithm.parameters")
        hasOtherParameters = true
      }
      try algorithm.expectEnd("PrivateKeyInfo.privateKeyAlgorithm")
      let privateKey = try sequence.readOctetString("PrivateKeyInfo.privateKey")
      // v1 may add [0] attributes, v2 (RFC 5958) also [1] publicKey; neither is needed.
      if sequence.nextTag == 0xA0 { try sequence.skipElement("PrivateKeyInfo.attributes") }
      if sequence.nextTag == 0x81 { try sequence.skipElement("PrivateKeyInfo.publicKey") }
      try sequence.expectEnd("PrivateKeyInfo")
      info = (version, identifier, hasOtherParameters, privateKey)
    } catch {
      throw .der(error)
    }
    guard info.version <= 1 else {
      throw .unsupported("PrivateKeyInfo version \(info.version) is not known (0 or 1 expected)")
    }
    guard info.algorithm == .rsaEncryption else {
      throw .notRSA(
        kind: ASN1ObjectIdentifier.keyKinds[info.algorithm], algorithm: info.algorithm)
    }
    guard !info.hasOtherParameters else { throw .invalidAlgorithmParameters }
    try self.init(pkcs1DER: info.privateKey)
  }

  /// Reads PKCS#1 RSAPrivateKey (RFC 8017 appendix A.1.2), two-prime (version 0) only.
  init(pkcs1DER der: [UInt8]) throws(RSAKeyError) {
    var numbers: [BigUInt] = []
    do throws(DERError) {
      var outer = DERReader(der)
      var sequence = try outer.readSequence("RSAPrivateKey")
      try outer.expectEnd("RSAPrivateKey")
      // Version 1 is multi-prime, with more numbers after these; it is refused below.
      if try sequence.readSmallInteger("RSAPrivateKey.version") == 0 {
        for field in [
          "modulus", "publicExponent", "privateExponent", "prime1", "prime2", "exponent1",
          "exponent2", "coefficient",
        ] {
          numbers.append(
            try sequence.readUnsignedInteger(
              "RSAPrivateKey.\(field)", maximumBits: Self.maximumIntegerBits))
        }
        try sequence.expectEnd("RSAPrivateKey")
      }
    } catch {
      throw .der(error)
    }
    guard numbers.count == 8 else {
      throw .unsupported(
        "only two-prime RSA keys (RSAPrivateKey version 0) are supported; this one is "
          + "multi-prime or of an unknown version")
    }
    self.init(
      modulus: numbers[0], publicExponent: numbers[1], privateExponent: numbers[2],
      prime1: numbers[3], prime2: numbers[4], exponent1: numbers[5], exponent2: numbers[6],
      coefficient: numbers[7])
  }

  /// A PEM problem, said in terms of keys where the label tells what the block is.
  private static func explain(_ error: PEMError) -> RSAKeyError {
    guard case .wrongLabel(let label, _) = error else { return .pem(error) }
    switch label {
    case "EC PRIVATE KEY":
      return .notRSA(
        kind: "an EC key in SEC 1 form, '-----BEGIN EC PRIVATE KEY-----'", algorithm: nil)
    case "DSA PRIVATE KEY":
      return .notRSA(kind: "a DSA key, '-----BEGIN DSA PRIVATE KEY-----'", algorithm: nil)
    case "ENCRYPTED PRIVATE KEY":
      return .unsupported(
        "the key is encrypted with a passphrase ('-----BEGIN ENCRYPTED PRIVATE KEY-----'); "
          + "decrypt it first (openssl pkey -in KEY -out PLAIN)")
    default: return .pem(error)
    }
  }
}
