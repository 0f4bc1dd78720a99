import Core
@testable import FirebaseServices
import Foundation
import Testing

@Suite("RSAPrivateKey")
struct RSAPrivateKeyTests {
  static let keyFiles = [
    "rsa-2048.pkcs8.pem", "rsa-2048.pkcs1.pem", "rsa-4096.pkcs8.pem", "rsa-4096.pkcs1.pem",
  ]

  static func bits(of file: String) -> Int { file.hasPrefix("rsa-4096") ? 4096 : 2048 }

  @Test(
    "signatures equal OpenSSL's byte for byte, for every key, PEM form and message",
    arguments: keyFiles, CryptoFixtures.messages)
  func matchesOpenSSL(keyFile: String, message: String) throws {
    let key = try RSAPrivateKey(pem: CryptoFixtures.text(keyFile))
    let expected = try CryptoFixtures.openSSLSignature(
      bits: Self.bits(of: keyFile), message: message)
    #expect(try key.signature(for: CryptoFixtures.bytes(message)) == expected)
  }

  @Test("the PKCS#8 and PKCS#1 forms of a key read as the same numbers", arguments: [2048, 4096])
  func formsAgree(bits: Int) throws {
    let pkcs8 = try RSAPrivateKeyComponents(pem: CryptoFixtures.text("rsa-\(bits).pkcs8.pem"))
    let pkcs1 = try RSAPrivateKeyComponents(pem: CryptoFixtures.text("rsa-\(bits).pkcs1.pem"))
    #expect(pkcs8.modulus == pkcs1.modulus)
    #expect(pkcs8.modulus.significantBitCount == bits)
    #expect(pkcs8.publicExponent == BigUInt(65537))
    for (left, right) in [
      (pkcs8.privateExponent, pkcs1.privateExponent), (pkcs8.prime1, pkcs1.prime1),
      (pkcs8.prime2, pkcs1.prime2), (pkcs8.exponent1, pkcs1.exponent1),
      (pkcs8.exponent2, pkcs1.exponent2), (pkcs8.coefficient, pkcs1.coefficient),
    ] {
      #expect(left == right)
    }
  }

  @Test(
    "malformed and unsuitable keys give a clear error without key material, never a crash",
    arguments: MalformedKey.allCases)
  func malformed(malformed: MalformedKey) throws {
    let pem = try malformed.pem()
    let error = try #require(throws: RSAKeyError.self) { _ = try RSAPrivateKey(pem: pem) }
    #expect(error == malformed.expected)
    #expect(error.description == malformed.expected.description)
    CryptoFixtures.expectNoKeyMaterial(error.description, pem: try MalformedKey.original())
  }

  @Test("the EC key's message names the algorithm and its OID")
  func ecKeyMessage() throws {
    let error = try #require(throws: RSAKeyError.self) {
      _ = try RSAPrivateKey(pem: CryptoFixtures.text("ec-p256.pkcs8.pem"))
    }
    #expect(error.description == "not an RSA key (found an EC key, OID 1.2.840.10045.2.1)")
  }

  @Test("a DER cut short anywhere inside its structures is refused as malformed")
  func truncatedDER() throws {
    // Cut the contents of the outer SEQUENCE (PKCS#8) or of RSAPrivateKey inside it, and wrap
    // what is left in correct outer lengths, so the reader meets the cut deep inside.
    let pkcs8 = try CryptoFixtures.der("rsa-2048.pkcs8.pem", label: "PRIVATE KEY")
    let pkcs1 = try CryptoFixtures.der("rsa-2048.pkcs1.pem", label: "RSA PRIVATE KEY")
    let pkcs8Contents = Array(pkcs8.dropFirst(4))  // 30 82 xx xx
    let pkcs1Contents = Array(pkcs1.dropFirst(4))
    for cut in 0..<pkcs8Contents.count {
      let der = DERBuilder.sequence([Array(pkcs8Contents[0..<cut])])
      #expect(throws: RSAKeyError.self, "PKCS#8 cut at \(cut)") {
        _ = try RSAPrivateKeyComponents(pkcs8DER: der)
      }
      #expect(throws: RSAKeyError.self) {
        _ = try RSAPrivateKeyComponents(pkcs8DER: Array(pkcs8[0..<cut]))
      }
    }
    for cut in 0..<pkcs1Contents.count {
      let der = DERBuilder.sequence([Array(pkcs1Contents[0..<cut])])
      do {
        _ = try RSAPrivateKeyComponents(pkcs1DER: der)
        Issue.record("PKCS#1 cut at \(cut) was read")
      } catch {
        guard case .der = error else {
          Issue.record("PKCS#1 cut at \(cut): \(error), not a DER error")
          continue
        }
      }
    }
  }

  @Test("seeded random bytes, as PEM text or as DER inside a PEM, give errors and never crash")
  func randomBytes() {
    var generator = SeededRandomGenerator(seed: 0x5253_4131)
    for round in 0..<120 {
      let count = Int.random(in: 0...1_200, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      if round % 3 == 0, bytes.count > 4 {
        // Start like a real key so the reader gets past the first tag.
        bytes[0] = 0x30
        bytes[1] = 0x82
      }
      let asText = String(decoding: bytes, as: UTF8.self)
      #expect(throws: RSAKeyError.self) { _ = try RSAPrivateKey(pem: asText) }
      for label in ["PRIVATE KEY", "RSA PRIVATE KEY"] {
        #expect(throws: RSAKeyError.self) {
          _ = try RSAPrivateKey(pem: CryptoFixtures.pem(bytes, label: label))
        }
      }
    }
  }

  @Test("a key with one byte changed is refused, or signs exactly as the original does")
  func mutatedKeys() throws {
    let der = try CryptoFixtures.der("rsa-2048.pkcs1.pem", label: "RSA PRIVATE KEY")
    let message = Array("mutations".utf8)
    let original = try RSAPrivateKey(pem: CryptoFixtures.text("rsa-2048.pkcs1.pem"))
      .signature(for: message)
    var generator = SeededRandomGenerator(seed: 0x4D55_5441)
    var accepted = 0
    for _ in 0..<60 {
      var mutated = der
      let position = Int.random(in: 0..<mutated.count, using: &generator)
      mutated[position] ^= UInt8.random(in: 1...255, using: &generator)
      guard let key = try? RSAPrivateKey(pem: CryptoFixtures.pem(mutated, label: "RSA PRIVATE KEY"))
      else { continue }
      // Only the unused private exponent d can change without breaking a check.
      accepted += 1
      #expect(try key.signature(for: message) == original, "byte \(position)")
    }
    #expect(accepted < 60)
  }

  @Test(
    "CRT numbers that slip past validation are caught by the public-key check, never returned",
    arguments: [CRTFault.exponent1, .exponent2, .coefficient])
  func faultsAreCaught(fault: CRTFault) throws {
    var components = try RSAPrivateKeyComponents(pem: CryptoFixtures.text("rsa-2048.pkcs8.pem"))
    fault.apply(to: &components)
    #expect(throws: RSAKeyError.self) { try components.validate() }
    let key = try RSAPrivateKey(unvalidated: components)
    #expect(throws: RSAKeyError.signatureCheckFailed) {
      _ = try key.signature(for: Array("fault".utf8))
    }
  }

  @Test("description, debug description and dump show the size, never the key")
  func redaction() throws {
    let pem = try CryptoFixtures.text("rsa-2048.pkcs8.pem")
    let key = try RSAPrivateKey(pem: pem)
    let components = try RSAPrivateKeyComponents(pem: pem)
    var dumpedKey = ""
    dump(key, to: &dumpedKey)
    var dumpedComponents = ""
    dump(components, to: &dumpedComponents)
    #expect(String(describing: key) == "RSAPrivateKey(2048 bits)")
    for text in [
      String(describing: key), String(reflecting: key), dumpedKey, String(describing: components),
      String(reflecting: components), dumpedComponents,
    ] {
      #expect(text.contains("2048"))
      CryptoFixtures.expectNoKeyMaterial(text, pem: pem)
    }
  }
}

/// A CRT number made wrong while keeping the sizes validation-free signing needs.
enum CRTFault: Sendable {
  case exponent1, exponent2, coefficient

  func apply(to key: inout RSAPrivateKeyComponents) {
    switch self {
    case .exponent1: key.exponent1 = key.exponent1.subtracting(BigUInt(2)).difference
    case .exponent2: key.exponent2 = key.exponent2.subtracting(BigUInt(2)).difference
    case .coefficient: key.coefficient = key.coefficient.subtracting(BigUInt(1)).difference
    }
  }
}
