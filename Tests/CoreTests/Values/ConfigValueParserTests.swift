import Core
import Testing

@Suite("ConfigValueParser: the one rule for Booleans and numbers")
struct ConfigValueParserTests {
  @Test(
    "true for 1, true, t, yes, y, on in any case and with surrounding whitespace",
    arguments: [
      "1", "true", "t", "yes", "y", "on", "TRUE", "True", "tRuE", "T", "YES", "Y", "ON", " on ",
      "\ttrue\n", "\u{00A0}yes\u{2003}",
    ])
  func trueSpellings(text: String) {
    #expect(ConfigValueParser.bool(text) == true)
  }

  @Test(
    "false for 0, false, f, no, n, off in any case and the empty string",
    arguments: [
      "0", "false", "f", "no", "n", "off", "FALSE", "False", "F", "NO", "N", "OFF", "", "   ",
      " off\n",
    ])
  func falseSpellings(text: String) {
    #expect(ConfigValueParser.bool(text) == false)
  }

  @Test(
    "anything else is not a Boolean",
    arguments: [
      "2", "-1", "1.0", "truee", "yess", "maybe", "enabled", "tru", "o", "of", "nope", "ｔｒｕｅ",
      "t r u e", "\u{0}", "\u{0}f", "on\u{0}", "真",
    ])
  func notBooleans(text: String) {
    #expect(ConfigValueParser.bool(text) == nil)
  }

  @Test(
    "numbers are decimal literals after trimming",
    arguments: [
      ("0", 0.0), ("42", 42), ("-3", -3), ("+3", 3), ("3.25", 3.25), (".5", 0.5), ("5.", 5),
      ("1e3", 1000), ("1E-2", 0.01), ("-2.5e+1", -25), ("  7 ", 7), ("007", 7),
      ("1.7976931348623157e308", 1.7976931348623157e308),
    ])
  func numbers(text: String, value: Double) {
    #expect(ConfigValueParser.number(text) == value)
  }

  @Test(
    "no hex, no underscores, no inf or NaN, no blanks, no overflow, no garbage",
    arguments: [
      "", " ", "0x10", "0X1p3", "1_000", "inf", "-inf", "Infinity", "nan", "NaN", "1e400",
      "1.2.3", "1e", "e3", ".", "-", "+", "--1", "1,5", "１２", "12abc", "1 2", "0b101",
    ])
  func notNumbers(text: String) {
    #expect(ConfigValueParser.number(text) == nil)
  }

  @Test(
    "integers are decimal literals with integral values",
    arguments: [
      ("3", 3 as Int?), ("3.0", 3), ("3e0", 3), ("-4", -4), ("3.5", nil), ("abc", nil),
      ("1e300", nil), ("9007199254740993", nil), ("-0", 0),
    ])
  func integers(text: String, value: Int?) {
    #expect(ConfigValueParser.integer(text) == value)
  }

  @Test("trimming removes Unicode whitespace at both ends only")
  func trimming() {
    #expect(ConfigValueParser.trimmed("  a b \n") == "a b")
    #expect(ConfigValueParser.trimmed("\u{3000}x\u{3000}") == "x")
    #expect(ConfigValueParser.trimmed("   ") == "")
    #expect(ConfigValueParser.trimmed("") == "")
  }
}
