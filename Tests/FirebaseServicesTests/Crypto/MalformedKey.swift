@testable import FirebaseServices
import Foundation
import Testing

/// Keys that must be refused, each with the error it must give.
enum MalformedKey: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case emptyFile, truncatedPEM, wrongLabel, certificate, ecKeyPKCS8, ecKeySEC1, encryptedPKCS8
  case publicKey, wrongAlgorithmOID, algorithmParameters, pkcs8Version, multiPrime
  case trailingBytes, negativeModulus, oversizedInteger, overflowingLength, smallKey
  case evenPublicExponent, modulusMismatch, inconsistentExponent1, inconsistentCoefficient

  var testDescription: String { rawValue }

  static func original() throws -> String { try CryptoFixtures.text("rsa-2048.pkcs8.pem") }

  static func components() throws -> RSAPrivateKeyComponents {
    try RSAPrivateKeyComponents(pem: original())
  }

  /// PKCS#8 around `privateKey`, with the given algorithm identifier.
  static func pkcs8(
    version: Int = 0, algorithm: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01],
    parameters: [UInt8] = [0x05, 0x00], privateKey: [UInt8]
  ) -> String {
    CryptoFixtures.pem(
      DERBuilder.sequence([
        DERBuilder.integer(version),
        DERBuilder.sequence([DERBuilder.element(0x06, algorithm), parameters]),
        DERBuilder.element(0x04, privateKey),
      ]), label: "PRIVATE KEY")
  }

  static func pkcs1(_ change: (inout RSAPrivateKeyComponents) -> Void) throws -> String {
    var key = try components()
    change(&key)
    return CryptoFixtures.pem(DERBuilder.pkcs1(key), label: "RSA PRIVATE KEY")
  }

  func pem() throws -> String {
    let original = try Self.original()
    let pkcs1 = try CryptoFixtures.der("rsa-2048.pkcs1.pem", label: "RSA PRIVATE KEY")
    switch self {
    case .emptyFile: return ""
    case .truncatedPEM: return String(original.prefix(original.count / 2))
    case .wrongLabel: return original.replacingOccurrences(of: "PRIVATE KEY", with: "PUBLIC KEY")
    case .certificate: return try CryptoFixtures.text("certificate.pem")
    case .ecKeyPKCS8: return try CryptoFixtures.text("ec-p256.pkcs8.pem")
    case .ecKeySEC1: return try CryptoFixtures.text("ec-p256.sec1.pem")
    case .encryptedPKCS8:
      return original.replacingOccurrences(of: "PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY")
    case .publicKey:
      return original.replacingOccurrences(of: "PRIVATE KEY", with: "RSA PUBLIC KEY")
    case .wrongAlgorithmOID:
      return Self.pkcs8(
        algorithm: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x02], privateKey: pkcs1)
    case .algorithmParameters:
      return Self.pkcs8(parameters: [0x04, 0x00], privateKey: pkcs1)
    case .pkcs8Version: return Self.pkcs8(version: 2, privateKey: pkcs1)
    case .multiPrime:
      var der = pkcs1
      der[6] = 0x01  // 30 82 xx xx 02 01 [version]
      return CryptoFixtures.pem(der, label: "RSA PRIVATE KEY")
    case .trailingBytes: return CryptoFixtures.pem(pkcs1 + [0x00], label: "RSA PRIVATE KEY")
    case .negativeModulus:
      var der = pkcs1
      // 30 82 xx xx 02 01 00 02 82 01 01 00 [modulus]: drop the sign byte's zero.
      der[11] = 0x80
      return CryptoFixtures.pem(der, label: "RSA PRIVATE KEY")
    case .oversizedInteger:
      let huge = DERBuilder.integer(BigUInt(limbs: [UInt64](repeating: .max, count: 129)))
      return Self.pkcs8(privateKey: DERBuilder.sequence([DERBuilder.integer(0), huge]))
    case .overflowingLength:
      return Self.pkcs8(privateKey: [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xF0, 0x02, 0x01, 0x00])
    case .smallKey:
      return try Self.pkcs1 { $0.modulus = $0.prime1 }
    case .evenPublicExponent:
      return try Self.pkcs1 { $0.publicExponent = BigUInt(65536) }
    case .modulusMismatch:
      return try Self.pkcs1 { $0.modulus = $0.modulus.adding(BigUInt(2)).trimmed }
    case .inconsistentExponent1:
      return try Self.pkcs1 { $0.exponent1 = $0.exponent1.subtracting(BigUInt(2)).difference }
    case .inconsistentCoefficient:
      return try Self.pkcs1 { $0.coefficient = $0.coefficient.adding(BigUInt(1)).trimmed }
    }
  }

  var expected: RSAKeyError {
    let labels = RSAPrivateKeyComponents.pemLabels
    switch self {
    case .emptyFile: return .pem(.empty)
    case .truncatedPEM: return .pem(.cutOff(label: "PRIVATE KEY"))
    case .wrongLabel: return .pem(.wrongLabel(found: "PUBLIC KEY", expected: labels))
    case .certificate: return .pem(.wrongLabel(found: "CERTIFICATE", expected: labels))
    case .ecKeyPKCS8:
      return .notRSA(kind: "an EC key", algorithm: ASN1ObjectIdentifier([1, 2, 840, 10045, 2, 1]))
    case .ecKeySEC1:
      return .notRSA(
        kind: "an EC key in SEC 1 form, '-----BEGIN EC PRIVATE KEY-----'", algorithm: nil)
    case .encryptedPKCS8:
      return .unsupported(
        "the key is encrypted with a passphrase ('-----BEGIN ENCRYPTED PRIVATE KEY-----'); "
          + "decrypt it first (openssl pkey -in KEY -out PLAIN)")
    case .publicKey: return .pem(.wrongLabel(found: "RSA PUBLIC KEY", expected: labels))
    case .wrongAlgorithmOID:
      return .notRSA(kind: nil, algorithm: ASN1ObjectIdentifier([1, 2, 840, 113_549, 1, 1, 2]))
    case .algorithmParameters: return .invalidAlgorithmParameters
    case .pkcs8Version:
      return .unsupported("PrivateKeyInfo version 2 is not known (0 or 1 expected)")
    case .multiPrime:
      return .unsupported(
        "only two-prime RSA keys (RSAPrivateKey version 0) are supported; this one is "
          + "multi-prime or of an unknown version")
    case .trailingBytes:
      return .der(DERError(field: "RSAPrivateKey", offset: 1192, problem: .trailingBytes(count: 1)))
    case .negativeModulus:
      return .der(DERError(field: "RSAPrivateKey.modulus", offset: 7, problem: .negativeInteger))
    case .oversizedInteger:
      return .der(
        DERError(
          field: "RSAPrivateKey.modulus", offset: 7, problem: .integerTooLarge(maximumBits: 8192)))
    case .overflowingLength:
      return .der(
        DERError(
          field: "RSAPrivateKey", offset: 0,
          problem: .lengthPastEnd(declared: 0xFFFF_FFF0, remaining: 3)))
    case .smallKey: return .keySize(bits: 1024)
    case .evenPublicExponent: return .invalidPublicExponent
    case .modulusMismatch: return .inconsistent("prime1 × prime2 is not the modulus")
    case .inconsistentExponent1:
      return .inconsistent("exponent1 is not the inverse of publicExponent mod prime1 − 1")
    case .inconsistentCoefficient:
      return .inconsistent("coefficient is not the inverse of prime2 mod prime1")
    }
  }
}
