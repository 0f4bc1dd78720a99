@testable import FirebaseServices
import Testing

@Suite("RSAPublicKey")
struct RSAPublicKeyTests {
  static let keys = [2048, 4096]

  static func publicKey(bits: Int) throws -> RSAPublicKey {
    try RSAPrivateKey(pem: CryptoFixtures.text("rsa-\(bits).pkcs8.pem")).publicKey
  }

  @Test(
    "OpenSSL's signatures verify, for every key and message",
    arguments: keys, CryptoFixtures.messages)
  func acceptsOpenSSL(bits: Int, message: String) throws {
    let key = try Self.publicKey(bits: bits)
    let signature = try CryptoFixtures.openSSLSignature(bits: bits, message: message)
    #expect(key.modulusBitCount == bits)
    #expect(key.isValidSignature(signature, for: try CryptoFixtures.bytes(message)))
  }

  @Test(
    "one flipped bit in the message or the signature fails verification",
    arguments: keys, CryptoFixtures.messages)
  func rejectsAlterations(bits: Int, message: String) throws {
    let key = try Self.publicKey(bits: bits)
    let signature = try CryptoFixtures.openSSLSignature(bits: bits, message: message)
    let bytes = try CryptoFixtures.bytes(message)
    for position in [0, signature.count / 2, signature.count - 1] {
      for bit in [0, 7] {
        var altered = signature
        altered[position] ^= 1 << bit
        #expect(!key.isValidSignature(altered, for: bytes), "signature byte \(position) bit \(bit)")
      }
    }
    for position in [0, bytes.count / 2, bytes.count - 1] where !bytes.isEmpty {
      var altered = bytes
      altered[position] ^= 0x01
      #expect(!key.isValidSignature(signature, for: altered), "message byte \(position)")
    }
    #expect(!key.isValidSignature(signature, for: bytes + [0]), "one byte appended")
  }

  @Test("signatures of the wrong length, zero, or not below the modulus fail verification")
  func rejectsOutOfRange() throws {
    let key = try Self.publicKey(bits: 2048)
    let message = try CryptoFixtures.bytes("message-abc.txt")
    let signature = try CryptoFixtures.openSSLSignature(bits: 2048, message: "message-abc.txt")
    #expect(!key.isValidSignature(Array(signature.dropFirst()), for: message))
    #expect(!key.isValidSignature([0] + signature, for: message))
    #expect(!key.isValidSignature([UInt8](repeating: 0, count: 256), for: message))
    #expect(!key.isValidSignature([UInt8](repeating: 0xFF, count: 256), for: message))
    let modulus = try #require(key.modulus.bigEndianBytes(count: 256))
    #expect(!key.isValidSignature(modulus, for: message))
  }

  @Test(
    "moduli outside 2048 to 8192 bits are refused",
    arguments: [1024, 2047, 8193, 16_384])
  func keySizes(bits: Int) {
    // 2^(bits−1) + 1: odd, with exactly `bits` bits.
    var limbs = [UInt64](repeating: 0, count: (bits + 63) / 64)
    limbs[(bits - 1) / 64] |= 1 << UInt64((bits - 1) % 64)
    limbs[0] |= 1
    #expect(throws: RSAKeyError.keySize(bits: bits)) {
      _ = try RSAPublicKey(modulus: BigUInt(limbs: limbs), publicExponent: BigUInt(65537))
    }
  }

  @Test(
    "public exponents that are even, below 3 or wider than 64 bits are refused",
    arguments: [BigUInt(0), BigUInt(1), BigUInt(65536), BigUInt(limbs: [65537, 1])])
  func exponents(exponent: BigUInt) throws {
    let modulus = try Self.publicKey(bits: 2048).modulus
    #expect(throws: RSAKeyError.invalidPublicExponent) {
      _ = try RSAPublicKey(modulus: modulus, publicExponent: exponent)
    }
  }
}
