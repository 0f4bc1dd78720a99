import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("Timestamp and CivilDateTime")
struct TimestampTests {
  @Test(
    "parses ISO-8601 instants with an offset",
    arguments: [
      ("2025-04-01T00:00:00+09:00", 1_743_433_200.0),
      ("2025-03-31T15:00:00Z", 1_743_433_200),
      ("2025-03-31T15:00:00z", 1_743_433_200),
      ("2025-03-31T15:00Z", 1_743_433_200),
      ("2025-03-31T10:30:00-04:30", 1_743_433_200),
      ("2025-04-01T00:00:00+0900", 1_743_433_200),
      ("2025-04-01T00:00:00+09", 1_743_433_200),
      ("2025-03-31T15:00:00.250Z", 1_743_433_200.25),
      ("1970-01-01T00:00:00Z", 0),
      ("1969-12-31T23:59:59Z", -1),
      ("2024-02-29T12:00:00Z", 1_709_208_000),
    ])
  func parses(text: String, seconds: Double) throws {
    #expect(try Timestamp.parse(text).timeIntervalSince1970 == seconds)
  }

  @Test(
    "rejects malformed timestamps with the input and the column",
    arguments: [
      ("2025-04-01T00:00:00", 20, "missing UTC offset (add Z or +HH:MM)"),
      ("2025-13-01T00:00:00Z", 6, "month must be 1...12"),
      ("2025-02-29T00:00:00Z", 9, "day 29 does not exist in 2025-02"),
      ("2025-04-31T00:00:00Z", 9, "day 31 does not exist in 2025-04"),
      ("2025-04-01 00:00:00Z", 11, "expected 'T' after the date"),
      ("2025-04-01T24:00:00Z", 12, "hour must be 0...23"),
      ("2025-04-01T00:60:00Z", 15, "minute must be 0...59"),
      ("2025-04-01T00:00:60Z", 18, "second must be 0...59"),
      ("2025-04-01T00:00:00.Z", 21, "expected digits after '.'"),
      ("2025-04-01T00:00:00+25:00", 21, "offset hours must be 0...23"),
      ("2025-04-01T00:00:00Zjunk", 21, "unexpected text after the offset"),
      ("25-04-01T00:00:00Z", 1, "expected 4 digits for the year"),
      ("", 1, "expected 4 digits for the year"),
      ("2025-04-01T00:00:00 +09:00", 20, "expected Z or a +HH:MM offset"),
      ("２025-04-01T00:00:00Z", 1, "expected 4 digits for the year"),
      ("2025-04-01T00:00:00Z日本", 21, "unexpected text after the offset"),
    ])
  func rejects(text: String, column: Int, message: String) {
    #expect(throws: TimestampParseError(input: text, column: column, message: message)) {
      try Timestamp.parse(text)
    }
  }

  @Test(
    "formats milliseconds in UTC, dropping the rest of the fraction",
    arguments: [
      (1_767_225_600.5, "2026-01-01T00:00:00.500Z"),
      (1_767_225_600, "2026-01-01T00:00:00.000Z"),
      (1_767_225_600.0129, "2026-01-01T00:00:00.012Z"),
      (1_767_225_599.9999, "2025-12-31T23:59:59.999Z"),
      (-0.25, "1969-12-31T23:59:59.750Z"),
    ])
  func formatsMilliseconds(seconds: Double, expected: String) {
    #expect(Timestamp.formatMilliseconds(Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test(
    "an exact millisecond is written as itself, whatever binary arithmetic would make of it",
    arguments: [
      "2026-01-01T00:00:00.001Z", "2026-01-01T00:00:00.002Z", "2026-01-01T00:00:00.007Z",
      "2026-06-30T12:34:56.999Z", "1999-12-31T23:59:59.100Z",
    ])
  func exactMilliseconds(text: String) throws {
    #expect(Timestamp.formatMilliseconds(try Timestamp.parse(text)) == text)
  }

  @Test("the error message names the input")
  func errorMessage() {
    let error = TimestampParseError(
      input: "x", column: 1, message: "expected 4 digits for the year")
    #expect(
      error.description == #"invalid timestamp "x" at column 1: expected 4 digits for the year"#)
  }

  @Test(
    "wall-clock times resolve in a named zone, daylight-saving gaps and overlaps included",
    arguments: [
      ("2025-01-06T03:00:00", "Asia/Tokyo", "2025-01-05T18:00:00Z"),
      ("2025-01-06T03:00:00", "GMT", "2025-01-06T03:00:00Z"),
      ("2025-07-01T12:00:00", "America/New_York", "2025-07-01T16:00:00Z"),
      ("2025-01-01T12:00:00", "America/New_York", "2025-01-01T17:00:00Z"),
      // 02:30 does not exist on 2025-03-09 in New York: read with the offset before the gap.
      ("2025-03-09T02:30:00", "America/New_York", "2025-03-09T07:30:00Z"),
      // 01:30 happens twice on 2025-11-02 in New York: the earlier instant wins.
      ("2025-11-02T01:30:00", "America/New_York", "2025-11-02T05:30:00Z"),
      ("2025-10-05T02:30:00", "Australia/Sydney", "2025-10-04T16:30:00Z"),
    ])
  func zones(text: String, zone: String, instant: String) throws {
    let civil = try CivilDateTime(parsing: text)
    let timeZone = try #require(TimeZone(identifier: zone))
    #expect(Timestamp.format(civil.date(in: timeZone)) == instant)
  }

  @Test("a timestamp without an offset can be read in a default zone")
  func defaultZone() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    #expect(
      try Timestamp.parse("2025-04-01T09:00:00", defaultZone: tokyo)
        == Timestamp.parse("2025-04-01T00:00:00Z"))
    #expect(
      try Timestamp.parse("2025-04-01T09:00:00Z", defaultZone: tokyo)
        == Timestamp.parse("2025-04-01T09:00:00Z"))
  }

  @Test(
    "formats instants as UTC with whole seconds",
    arguments: [
      (0.0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
      (1_709_208_000, "2024-02-29T12:00:00Z"), (4_102_444_800, "2100-01-01T00:00:00Z"),
      (951_782_400, "2000-02-29T00:00:00Z"),
    ])
  func formats(seconds: Double, text: String) throws {
    #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    #expect(try Timestamp.parse(text).timeIntervalSince1970 == seconds)
  }

  @Test(
    "formatting never traps, even for instants no calendar holds",
    arguments: [
      -1e300, 1e300, Double.infinity, -Double.infinity, Double.nan,
    ])
  func formatsExtremes(seconds: Double) {
    #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)).hasSuffix("Z"))
  }

  @Test(
    "an instant the parser accepts is written precisely in a form it reads back identical",
    arguments: [
      "9999-12-31T23:00:00-05:00", "9999-12-31T23:59:59.99998-23:59", "0000-01-01T00:00:00+05:00",
      "0000-01-01T00:00:00+23:59", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.5Z",
      "2026-01-01T00:00:00.123456789012345678901234567890Z", "1969-12-31T23:59:59.75Z",
      "2001-01-01T00:00:00.000000000000000000000000000001Z", "2025-04-01T00:00:00.250+09:00",
    ])
  func preciseRoundTrip(text: String) throws {
    let instant = try Timestamp.parse(text)
    let written = Timestamp.formatPrecisely(instant)
    let read = try Timestamp.parse(written)
    #expect(
      read.timeIntervalSinceReferenceDate.bitPattern
        == instant.timeIntervalSinceReferenceDate.bitPattern, "\(text) → \(written)")
    #expect(Timestamp.isRepresentable(instant))
  }

  @Test("precise text is UTC with the fraction's digits, and an offset only past year 9999 or 0000")
  func preciseText() throws {
    #expect(
      Timestamp.formatPrecisely(TestTime.start.addingTimeInterval(0.25))
        == "2026-01-01T00:00:00.25Z")
    #expect(
      Timestamp.formatPrecisely(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.5Z")
    #expect(
      Timestamp.formatPrecisely(try Timestamp.parse("9999-12-31T23:00:00-05:00"))
        == "9999-12-31T23:59:00-04:01")
    #expect(
      Timestamp.formatPrecisely(try Timestamp.parse("0000-01-01T00:00:30+00:30"))
        == "0000-01-01T00:00:30+00:30")
    #expect(Timestamp.formatPrecisely(Timestamp.earliest) == "0000-01-01T00:00:00+23:59")
    #expect(Timestamp.formatPrecisely(Timestamp.latest) == "9999-12-31T23:59:59-23:59")
  }

  @Test(
    "every instant in the range, fractions and all, is written in a form that reads back identical",
    arguments: [1, 2, 3, 4] as [UInt64])
  func preciseProperty(seed: UInt64) throws {
    var random = SeededRandomGenerator(seed: seed)
    let low = Timestamp.earliest.timeIntervalSinceReferenceDate
    let high = Timestamp.latest.timeIntervalSinceReferenceDate + 0.999_999
    for index in 0..<500 {
      let seconds: Double
      switch index % 5 {
      case 0: seconds = Double.random(in: low...high, using: &random)
      case 1: seconds = Double.random(in: -1e6...1e6, using: &random)
      case 2: seconds = Double.random(in: -1e-300...1e-300, using: &random)
      case 3: seconds = (index % 2 == 0 ? low : high) + Double.random(in: -1...1, using: &random)
      default: seconds = Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF) * -1
      }
      let date = Date(timeIntervalSinceReferenceDate: seconds)
      let written = Timestamp.formatPrecisely(date)
      let read = try Timestamp.parse(written)
      if Timestamp.isRepresentable(date) {
        #expect(
          read.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern,
          "\(seconds) → \(written)")
      } else {
        #expect(
          read == Timestamp.earliest || read == Timestamp.latest || read.timeIntervalSince1970 == 0)
      }
    }
  }

  @Test(
    "a fraction that rounds past the last nameable second is refused, saying why, not read as another",
    arguments: ["9999-12-31T23:59:59.999999-23:59", "9999-12-31T23:59:59.99999-23:59"])
  func pastTheEnd(text: String) {
    let fraction = text.split(separator: ".")[1].prefix { $0 != "-" }
    #expect(
      throws: TimestampParseError(
        input: text, column: 1,
        message: "the fraction .\(fraction) rounds up to the next second (times this far from"
          + " 1970 are kept to about 31 microseconds), which is past the last instant a"
          + " timestamp can name, 9999-12-31T23:59:59-23:59")
    ) {
      try Timestamp.parse(text)
    }
  }

  @Test(
    "a date beyond the limits is written as the nearer limit, NaN as 1970",
    arguments: [
      (1e15, "9999-12-31T23:59:59-23:59"), (-1e15, "0000-01-01T00:00:00+23:59"),
      (Double.infinity, "9999-12-31T23:59:59-23:59"),
      (-Double.infinity, "0000-01-01T00:00:00+23:59"),
      (Double.nan, "1970-01-01T00:00:00Z"), (253_402_400_000, "9999-12-31T23:59:59-23:59"),
    ])
  func preciseClamps(seconds: Double, text: String) throws {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(!Timestamp.isRepresentable(date))
    #expect(Timestamp.formatPrecisely(date) == text)
    #expect(throws: Never.self) { try Timestamp.parse(text) }
  }

  @Test("civil date-times print as written and reject trailing text")
  func civilText() throws {
    #expect(try CivilDateTime(parsing: "2025-01-06T03:00").description == "2025-01-06T03:00:00")
    #expect(throws: TimestampParseError.self) { try CivilDateTime(parsing: "2025-01-06T03:00:00Z") }
  }
}
