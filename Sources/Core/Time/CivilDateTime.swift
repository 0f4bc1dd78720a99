package import Foundation

/// A calendar date and wall-clock time with no zone, as in `2025-01-06T03:00:00`: what
/// Firebase's `dateTime(...)` and first-open conditions write, paired with a zone name.
package struct CivilDateTime: Sendable, Hashable, CustomStringConvertible {
  /// The year, e.g. 2025.
  package let year: Int
  /// The month, 1...12.
  package let month: Int
  /// The day of the month, 1...31 as the month allows.
  package let day: Int
  /// The hour, 0...23.
  package let hour: Int
  /// The minute, 0...59.
  package let minute: Int
  /// The second, 0...59.
  package let second: Int
  /// Fractional seconds, 0 ..< 1.
  package let fraction: Double

  /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]]`.
  /// - Throws: `TimestampParseError` naming the input and the field at fault.
  package init(parsing text: some StringProtocol) throws(TimestampParseError) {
    var scanner = TimestampScanner(text: String(text))
    self = try scanner.readCivilDateTime()
    guard scanner.isAtEnd else {
      throw scanner.error("unexpected text after the time")
    }
  }

  init(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.fraction = fraction
  }

  /// Seconds since 1970-01-01T00:00:00 if this wall-clock time were UTC.
  var secondsSinceEpochAsUTC: Double {
    Double(wholeSecondsSinceEpochAsUTC) + fraction
  }

  /// Whole seconds since 1970-01-01T00:00:00 if this wall-clock time were UTC, the fraction
  /// left out: exact, for `Timestamp.parse`.
  var wholeSecondsSinceEpochAsUTC: Int {
    // Days from civil (proleptic Gregorian), after H. Hinnant's public-domain algorithm.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3_600 + minute * 60 + second
  }

  /// The instant this wall-clock time names at a fixed UTC offset.
  package func date(offsetSeconds: Int) -> Date {
    Date(timeIntervalSince1970: secondsSinceEpochAsUTC - Double(offsetSeconds))
  }

  /// The instant this wall-clock time names in `timeZone`. In a daylight-saving gap the
  /// time is read with the offset in force before the gap; in an overlap, the earlier one.
  package func date(in timeZone: TimeZone) -> Date {
    let asUTC = secondsSinceEpochAsUTC
    let firstGuess = Date(timeIntervalSince1970: asUTC)
    let before = timeZone.secondsFromGMT(for: firstGuess.addingTimeInterval(-86_400))
    let after = timeZone.secondsFromGMT(for: firstGuess.addingTimeInterval(86_400))
    // Try the earlier offset (the larger one) first so an overlap resolves to the earlier
    // instant; keep the candidate whose own offset agrees.
    for offset in [max(before, after), min(before, after)] {
      let candidate = Date(timeIntervalSince1970: asUTC - Double(offset))
      if timeZone.secondsFromGMT(for: candidate) == offset { return candidate }
    }
    return Date(timeIntervalSince1970: asUTC - Double(before))
  }

  /// `YYYY-MM-DDTHH:MM:SS`.
  package var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
  }
}
