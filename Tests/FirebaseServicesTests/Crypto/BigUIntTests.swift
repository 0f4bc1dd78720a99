import Core
@testable import FirebaseServices
import Testing

// Expected values computed with Python's integers.
@Suite("BigUInt")
struct BigUIntTests {
  @Test(
    "products equal Python's, carries across every limb included",
    arguments: [
      ("0", "5", "0"),
      ("ffffffffffffffff", "ffffffffffffffff", "fffffffffffffffe0000000000000001"),
      (
        "ffffffffffffffffffffffffffffffff", "10000000000000001",
        "10000000000000000fffffffffffffffeffffffffffffffff"
      ),
      (
        "dae8201e2bd73ab48767734d7c1c7fde805ec99108ddb5b5fab8f4d3e27dda1494c73cf256d",
        "1e72e7a1830c71c2cdcc69292f45e678309d6b79965eda32",
        "1a097533679997da1080c34277d7b1b2481e42b0c8dd871272a68ccb9c084c0e3caca48b4aaaed42c9f1d"
          + "84723e1f7ada7fe516e8610d3f910fa05a214a"
      ),
    ])
  func multiplication(left: String, right: String, product: String) {
    let result = CryptoFixtures.number(left).multiplied(by: CryptoFixtures.number(right))
    #expect(CryptoFixtures.hex(result) == product)
    let commuted = CryptoFixtures.number(right).multiplied(by: CryptoFixtures.number(left))
    #expect(CryptoFixtures.hex(commuted) == product)
  }

  @Test(
    "remainders equal Python's, for dividends smaller and larger than the divisor",
    arguments: [
      ("5", "7", "5"),
      ("10000000000000000", "3", "1"),
      (
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "1000000000000000d",
        "6f90"
      ),
      (
        "2fd42e0440ac793f519af685d", "549c3ecb54c5cefdd8027385c9421e7a607108e02236971e1b",
        "2fd42e0440ac793f519af685d"
      ),
      (
        "1000000000000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffff",
        "10000000000000000"
      ),
    ])
  func remainder(dividend: String, divisor: String, remainder: String) {
    let result = CryptoFixtures.number(dividend).remainder(
      dividingBy: CryptoFixtures.number(divisor))
    #expect(CryptoFixtures.hex(result) == remainder)
    #expect(result.limbCount == CryptoFixtures.number(divisor).trimmed.limbCount)
  }

  @Test("a 2048-bit number reduces modulo a 1024-bit one as Python reduces it")
  func largeRemainder() {
    let dividend = CryptoFixtures.number(
      "82450164728a6fcf303a07b28f2df760ae9ca08b2d7c50487ca07386cc099a1e77064c2c0f552c9402cdf2af"
        + "19de2bc1b4ff00ae3f1347de2274ea181e34b3f1ec3fbf4dc20ef16468f918d8f6cdb2f803e0d681552454"
        + "f14fab6f3e164f1513563e9bed45100358acc6d8f2c74c7ccf32d03fdda123f50190f5380e12b2a4146b77"
        + "730f65bd9acbb57a6a1dfaf8cda9601e5b45785116080d650372e90794dfed52a24135b00a5436a80bdf00"
        + "23b682af5570eed8e94b150452ef05f542441d111b8aaa62f28d1a4a789cb3d8b9b45c1b98fbe466809a11"
        + "1ba1192ec42b7170902a174f11fa2ac0079dd25a49fe85b0834c687a3acb6266c20ba2c250b601fc")
    let divisor = CryptoFixtures.number(
      "93b3a3d9a44f576a9a1de24edab871d5feef16e964ef2ebe2ff3600735f11af2050684bfe286852cff769e37"
        + "4ddc74c897bdd982cdac6046f9903b72f88ece64dd44fd3645114889001edc8e367e5d6dfd7410696bb6a3"
        + "de65151c401dd377bf623d8eb7a4ca83b26b52b08d21870f0bc4ff64debb5d6b48fc3b66fa30d0b195")
    #expect(
      CryptoFixtures.hex(dividend.remainder(dividingBy: divisor))
        == "8fa7ca807114881f06606a8b8fd112f44176b06fe30724274a1d7784ed64cbb8ee802e25c681ce13bf"
        + "13947bd84e47f171cb69d90c4d4b40e6bc8918e4ac65a8bc23d22773f23c6433d7182765463a52d8cf6082"
        + "5e26c541e4bbbab13f347cf5fdec4e1f92ff81c80feb4c5462c09bbb8235fee90cb92f81e7bafe22b05cc4"
        + "78")
  }

  @Test(
    "comparison orders by value whatever the limb counts",
    arguments: [
      ("0", "0", 0), ("1", "0", 1), ("0", "1", -1),
      ("10000000000000000", "ffffffffffffffff", 1),
      ("ffffffffffffffff0000000000000000", "ffffffffffffffff0000000000000001", -1),
      ("00000000000000000000000000000005", "5", 0),
    ])
  func comparison(left: String, right: String, order: Int) {
    #expect(BigUInt.compare(CryptoFixtures.number(left), CryptoFixtures.number(right)) == order)
    #expect((CryptoFixtures.number(left) == CryptoFixtures.number(right)) == (order == 0))
  }

  @Test("subtraction borrows across limbs and reports a borrow when the result is negative")
  func subtraction() {
    let (difference, borrow) = BigUInt(limbs: [0, 0, 1]).subtracting(BigUInt(1))
    #expect(difference.limbs == [.max, .max, 0])
    #expect(borrow == 0)
    let (wrapped, under) = BigUInt(limbs: [1, 0]).subtracting(BigUInt(2))
    #expect(wrapped.limbs == [.max, .max])
    #expect(under == 1)
  }

  @Test("addition carries into a new top limb")
  func addition() {
    #expect(BigUInt(limbs: [.max, .max]).adding(BigUInt(1)).limbs == [0, 0, 1])
  }

  @Test("big-endian bytes round-trip, and a number too large for the length gives nil")
  func bytes() {
    let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
    let number = BigUInt(bigEndianBytes: bytes)
    #expect(number.limbs == [0x0203_0405_0607_0809, 0x01])
    #expect(number.bigEndianBytes(count: 9) == bytes)
    #expect(number.bigEndianBytes(count: 12) == [0, 0, 0] + bytes)
    #expect(number.bigEndianBytes(count: 8) == nil)
    #expect(BigUInt(bigEndianBytes: []).isZero)
    #expect(number.significantBitCount == 65)
  }

  @Test("description, debug description and mirror show the size, never the value")
  func redaction() {
    let secret = BigUInt(limbs: [0x1234_5678_9ABC_DEF0, 0x0FED_CBA9_8765_4321])
    var dumped = ""
    dump(secret, to: &dumped)
    for text in [String(describing: secret), String(reflecting: secret), "\(secret)", dumped] {
      #expect(text.contains("2 limbs") || text.contains("BigUInt"))
      for digits in ["123456789abcdef0", "fedcba987654321", "1311768467463790320"] {
        #expect(!text.lowercased().contains(digits))
      }
    }
  }
}
