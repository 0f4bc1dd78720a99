@testable import ConfigEngine
import Testing

@Suite("MicroPercent")
struct MicroPercentTests {
  @Test(
    "a decimal percent converts to micro-percent exactly, digit by digit",
    arguments: [
      ("0", 0),
      ("0.0", 0),
      ("0.000001", 1),
      ("0.5", 500_000),
      ("1", 1_000_000),
      ("10", 10_000_000),
      ("12.5", 12_500_000),
      ("33.333333", 33_333_333),
      ("50.000001", 50_000_001),
      ("99.999999", 99_999_999),
      ("100", 100_000_000),
      ("100.0", 100_000_000),
      ("100.000000", 100_000_000),
      ("007", 7_000_000),
      ("0000000000000000000000000000000000000042", 42_000_000),
    ])
  func converts(text: String, micro: Int) {
    #expect(MicroPercent.parse(text) == micro)
  }

  @Test(
    "a sign, an exponent, a bare point, a 7th decimal, over 100 or another character is rejected",
    arguments: [
      "", ".", "-1", "+1", "-0", "1e2", "1E2", ".5", "5.", "100.0000001", "0.0000001",
      "100.000001", "101", "1000", "99999999999999999999999999999999", "1.2.3", " 5", "5 ",
      "5%", "0x10", "1_0", "٥", "５", "inf", "NaN",
    ])
  func rejects(text: String) {
    #expect(MicroPercent.parse(text) == nil)
  }

  @Test("a substring converts like the string it spells")
  func substring() {
    let text = "percent <= 12.5"
    #expect(MicroPercent.parse(text.split(separator: " ")[2]) == 12_500_000)
  }

  @Test("every hundredth of a percent from 0 to 100 agrees with integer arithmetic")
  func exhaustiveHundredths() {
    for hundredths in 0...10_000 {
      let fraction = hundredths % 100
      let text = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
      #expect(MicroPercent.parse(text) == hundredths * 10_000, "\(text)")
    }
  }
}
