import Core
@testable import FirebaseServices
import Testing

// Expected values computed with Python's integers.
@Suite("MontgomeryModulus")
struct MontgomeryModulusTests {
  @Test(
    "powers equal Python's pow, zero exponents and zero bases included",
    arguments: [
      ("5", "0", "cbdbf090d48dd9f3", "1"),
      ("0", "7", "cbdbf090d48dd9f3", "0"),
      ("cbdbf090d48dd9f2", "2", "cbdbf090d48dd9f3", "1"),
      (
        "1ba6bc77c6a8f1dd4e13a099641d812cd", "3ffffffffffffffffffffffffffffffff",
        "31d96ac56a3b000431734bc4414881edd", "7f917df44eb3d4657feb72753d150422"
      ),
      (
        "61b9b338eb3fdf23489c461cb5d15b77f23a775505e88e752f4f91540c27756991a0931ed42ecdcc0a62d74"
          + "145ddd4a05422bfb8e0931719fdd5157e9d7bd55ee6",
        "371a953cca0c2282666be49ee714186ebf9a8137e97b862eace1d7300f6361b9f8f33c1a7fafdd87333253b"
          + "5628dce6f52f0be600da104a795bd4aeab02891dd3c",
        "12cf589d99a20918fa7740572419f452c075f27ff085e617f8e99edbce703f8670d3e361858a2f7647a952e"
          + "1b8b356f8bd11711eb571304145212ca3f7062dc08d7",
        "bb9ebd31becbace55ebc963d19594f812ef280b2f78f0be339ad77b499364fced2e01b52fe5aea4555acd15"
          + "a2f6720187f8ac99dbb7faa594877ef5c13e764b494"
      ),
    ])
  func power(base: String, exponent: String, modulus: String, expected: String) throws {
    let prepared = try #require(MontgomeryModulus(CryptoFixtures.number(modulus)))
    let result = prepared.power(
      CryptoFixtures.number(base), exponent: CryptoFixtures.number(exponent))
    #expect(CryptoFixtures.hex(result) == expected)
  }

  @Test("an exponent's leading zero limbs change the work, not the result")
  func paddedExponent() throws {
    let prepared = try #require(
      MontgomeryModulus(CryptoFixtures.number("31d96ac56a3b000431734bc4414881edd")))
    let base = CryptoFixtures.number("1ba6bc77c6a8f1dd4e13a099641d812cd")
    let exponent = CryptoFixtures.number("3ffffffffffffffffffffffffffffffff")
    #expect(
      prepared.power(base, exponent: exponent.resized(to: 9))
        == prepared.power(base, exponent: exponent))
  }

  /// Records every step `power` reports.
  struct StepRecorder: MontgomeryStepObserver {
    var steps: [MontgomeryStep] = []

    mutating func observe(_ step: MontgomeryStep) {
      steps.append(step)
    }
  }

  /// The steps of a fixed 4-bit window over `limbs` exponent limbs: 14 multiplications build
  /// the table (entries 2 to 15), then each window squares four times, reads all 16 entries
  /// and multiplies once, whatever its bits.
  static func fixedWindowSteps(limbs: Int) -> [MontgomeryStep] {
    let window: [MontgomeryStep] =
      Array(repeating: .square, count: 4) + (0..<16).map { .tableRead(entry: $0) } + [.multiply]
    return Array(repeating: .multiply, count: 14)
      + Array(repeating: window, count: limbs * 16).flatMap { $0 }
  }

  @Test(
    "an exponentiation's steps are the same for all ones, only the top bit, or random bits",
    arguments: ["all ones", "top bit only", "random", "random again"])
  func stepsIgnoreExponentBits(exponent kind: String) throws {
    let prepared = try #require(
      MontgomeryModulus(CryptoFixtures.number("31d96ac56a3b000431734bc4414881edd")))
    let base = CryptoFixtures.number("1ba6bc77c6a8f1dd4e13a099641d812cd")
    let limbCount = 16  // a 1024-bit exponent, as a 2048-bit key's CRT exponents are
    var limbs: [UInt64]
    switch kind {
    case "all ones":
      limbs = Array(repeating: .max, count: limbCount)
    case "top bit only":
      limbs = Array(repeating: 0, count: limbCount)
    default:
      var generator = SeededRandomGenerator(seed: kind == "random" ? 0x5EED : 0xC0FFEE)
      limbs = (0..<limbCount).map { _ in generator.next() }
    }
    limbs[limbCount - 1] |= 1 << 63
    let exponent = BigUInt(limbs: limbs)
    try #require(exponent.significantBitCount == 1024)
    var recorder = StepRecorder()
    let result = prepared.power(base, exponent: exponent, observer: &recorder)
    #expect(recorder.steps == Self.fixedWindowSteps(limbs: limbCount))
    #expect(result == prepared.power(base, exponent: exponent))
  }

  @Test("products reduce modulo the modulus as Python's do")
  func multiplyReduced() throws {
    let prepared = try #require(MontgomeryModulus(CryptoFixtures.number("cbdbf090d48dd9f3")))
    // (m − 1)² ≡ 1 and (m − 1)·2 ≡ m − 2.
    let minusOne = CryptoFixtures.number("cbdbf090d48dd9f2")
    #expect(CryptoFixtures.hex(prepared.multiplyReduced(minusOne, minusOne)) == "1")
    #expect(
      CryptoFixtures.hex(prepared.multiplyReduced(minusOne, BigUInt(2))) == "cbdbf090d48dd9f1")
  }

  @Test("even moduli, zero and one are refused", arguments: ["0", "1", "2", "10000000000000000"])
  func refusedModuli(modulus: String) {
    #expect(MontgomeryModulus(CryptoFixtures.number(modulus)) == nil)
  }
}
