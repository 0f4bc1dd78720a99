@testable import FirebaseServices

/// Writes DER, to build keys the tests need: inconsistent ones, odd encodings.
enum DERBuilder {
  static func element(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
    [tag] + length(contents.count) + contents
  }

  static func length(_ count: Int) -> [UInt8] {
    if count < 0x80 { return [UInt8(count)] }
    var bytes: [UInt8] = []
    var rest = count
    while rest > 0 {
      bytes.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    }
    return [0x80 | UInt8(bytes.count)] + bytes
  }

  static func sequence(_ elements: [[UInt8]]) -> [UInt8] { element(0x30, elements.flatMap { $0 }) }

  static func integer(_ number: BigUInt) -> [UInt8] {
    var bytes = Array((number.bigEndianBytes(count: number.limbCount * 8) ?? []).drop { $0 == 0 })
    if bytes.first.map({ $0 & 0x80 != 0 }) ?? true { bytes.insert(0, at: 0) }
    return element(0x02, bytes)
  }

  static func integer(_ value: Int) -> [UInt8] { integer(BigUInt(UInt64(value))) }

  /// PKCS#1 RSAPrivateKey from its numbers.
  static func pkcs1(_ key: RSAPrivateKeyComponents) -> [UInt8] {
    sequence(
      [integer(0)]
        + [
          key.modulus, key.publicExponent, key.privateExponent, key.prime1, key.prime2,
          key.exponent1, key.exponent2, key.coefficient,
        ].map { integer($0) })
  }
}
