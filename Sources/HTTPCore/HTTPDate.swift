import Core
package import Foundation

/// Reads the three date formats HTTP allows (RFC 9110, section 5.6.7), for `Retry-After`,
/// and writes the one a server sends (`format`, for the HTTP server's `Date`):
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 form
/// `Sunday, 06-Nov-94 08:49:37 GMT` and C's asctime form `Sun Nov  6 08:49:37 1994`.
///
/// Hand-written rather than `DateFormatter`: the header comes from outside, the formats are
/// fixed, and a formatter's locale and leniency differ between platforms.
package enum HTTPDate {
  /// The instant `text` names, or nil when it is not an HTTP-date.
  package static func parse(_ text: String) -> Date? {
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    switch tokens.count {
    case 6:  // Sun, 06 Nov 1994 08:49:37 GMT
      guard isDayName(tokens[0]), tokens[5] == "GMT", tokens[3].count == 4 else { return nil }
      return date(year: tokens[3], month: tokens[2], day: tokens[1], time: tokens[4])
    case 4:  // Sunday, 06-Nov-94 08:49:37 GMT
      let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false)
      guard isDayName(tokens[0]), tokens[3] == "GMT", parts.count == 3, parts[2].count == 2,
        let shortYear = Int(parts[2])
      else { return nil }
      // Two-digit years: 70...99 are the 1900s, the rest the 2000s.
      let year = String(shortYear >= 70 ? 1900 + shortYear : 2000 + shortYear)
      return date(year: year[...], month: parts[1], day: parts[0], time: tokens[2])
    case 5:  // Sun Nov  6 08:49:37 1994
      guard isDayName(tokens[0]), tokens[4].count == 4 else { return nil }
      return date(year: tokens[4], month: tokens[1], day: tokens[2], time: tokens[3])
    default:
      return nil
    }
  }

  /// `date` as an IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`: what a server's `Date`
  /// header says (RFC 9110, section 6.6.1). The format has four-digit years, so an instant
  /// before 1970 or after 9999 is written as the nearer of the two, and a NaN one as 1970.
  package static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    let seconds = interval.isNaN ? 0 : Int(min(max(interval, 0), lastSecond).rounded(.down))
    let civil = Timestamp.civil(wholeSeconds: seconds)
    // 1970-01-01 was a Thursday.
    let weekday = weekdays[(seconds / 86_400 + 4) % 7]
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(weekday), \(pad(civil.day)) \(months[civil.month - 1]) \(civil.year) "
      + "\(pad(civil.hour)):\(pad(civil.minute)):\(pad(civil.second)) GMT"
  }

  /// 9999-12-31T23:59:59Z, the last second an IMF-fixdate can name.
  private static let lastSecond: Double = 253_402_300_799

  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  private static let dayNames: Set<String> = [
    "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  private static func isDayName(_ token: Substring) -> Bool {
    dayNames.contains(String(token))
  }

  private static func date(
    year: Substring, month: Substring, day: Substring, time: Substring
  ) -> Date? {
    guard let monthIndex = months.firstIndex(of: String(month)),
      (1...2).contains(day.count), day.allSatisfy(\.isASCIIDigit),
      year.allSatisfy(\.isASCIIDigit), isClockTime(time)
    else { return nil }
    let paddedDay = day.count == 1 ? "0" + day : String(day)
    let paddedMonth = monthIndex < 9 ? "0\(monthIndex + 1)" : "\(monthIndex + 1)"
    // CivilDateTime checks the calendar (day within the month, hour and minute ranges).
    guard
      let civil = try? CivilDateTime(parsing: "\(year)-\(paddedMonth)-\(paddedDay)T\(time)")
    else { return nil }
    return civil.date(offsetSeconds: 0)
  }

  /// `HH:MM:SS`, two digits each.
  private static func isClockTime(_ time: Substring) -> Bool {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 3 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }
  }
}

extension Character {
  /// True for the ASCII digits 0-9 only (not other Unicode digits).
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
