import Foundation
import Testing

@testable import Core

@Suite("EpochSeconds")
struct EpochSecondsTests {
  @Test(
    "decimal seconds are read exactly, the whole part rounded down",
    arguments: [
      ("0", 0, ""), ("-0", 0, ""), ("1767225600", 1_767_225_600, ""), ("1.25", 1, "25"),
      ("-0.75", -1, "25"), ("-1", -1, ""), ("-1.5", -2, "5"), ("1e3", 1_000, ""),
      ("1.5E-3", 0, "0015"), ("12.50", 12, "5"), ("0.000", 0, ""),
      ("5e-324", 0, String(repeating: "0", count: 323) + "5"),
      ("999999999999999", 999_999_999_999_999, ""),
    ])
  func decimal(text: String, whole: Int, fraction: String) throws {
    let seconds = try #require(EpochSeconds(decimal: text))
    #expect(seconds.whole == whole)
    #expect(String(decoding: seconds.fractionDigits, as: UTF8.self) == fraction)
  }

  @Test(
    "text that is no decimal number, or too large for any calendar, is refused",
    arguments: ["", "-", "1.", ".5", "1e", "1e+", "x", "1 ", "0x10", "1e16", "1000000000000000"])
  func refused(text: String) {
    #expect(EpochSeconds(decimal: text) == nil)
  }

  @Test("the literal reads back as the same seconds, negative times included")
  func literal() throws {
    for text in ["-0.75", "1767225600.123456789", "-62167305540.5", "0.0001", "-3"] {
      let seconds = try #require(EpochSeconds(decimal: text))
      #expect(EpochSeconds(decimal: seconds.literal) == seconds)
      #expect(Double(seconds.literal) == Double(text))
    }
  }

  @Test("a date's exact seconds give back the identical date", arguments: [1, 2, 3] as [UInt64])
  func dates(seed: UInt64) throws {
    var random = SeededRandomGenerator(seed: seed)
    for _ in 0..<1_000 {
      let reference =
        Double.random(in: -1e12...1e12, using: &random)
        / Double(1 << Int.random(in: 0...60, using: &random))
      let date = Date(timeIntervalSinceReferenceDate: reference)
      let seconds = try #require(EpochSeconds(date))
      #expect(seconds.date.timeIntervalSinceReferenceDate.bitPattern == reference.bitPattern)
      #expect(EpochSeconds(decimal: seconds.literal)?.date == date)
    }
  }

  @Test("a huge fraction is cut to a bounded number of digits with a sticky last digit")
  func longFractions() throws {
    let long = "0." + String(repeating: "0", count: 5_000) + "1"
    let seconds = try #require(EpochSeconds(decimal: long))
    #expect(seconds.fractionDigits.count == EpochSeconds.fractionDigitLimit + 1)
    #expect(seconds.fractionDigits.last == UInt8(ascii: "1"))
    #expect(EpochSeconds(decimal: "1e-1000000")?.fractionDigits.last == UInt8(ascii: "1"))
    #expect(
      EpochSeconds(decimal: "0." + String(repeating: "0", count: 5_000))
        == EpochSeconds(
          whole: 0, fractionDigits: []))
    #expect(EpochSeconds(Date(timeIntervalSinceReferenceDate: .nan)) == nil)
  }
}
