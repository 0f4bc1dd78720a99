package import Foundation

/// Parses ISO-8601 instants that carry their offset, such as `2025-04-01T00:00:00+09:00`
/// or `2025-03-31T15:00:00.250Z`: campaign windows, `--now`, first-open times.
///
/// One parser on every platform, with an error that names the input and the field, instead
/// of `ISO8601DateFormatter` options that differ in what they accept.
package enum Timestamp {
  /// The first instant the text form can name, `0000-01-01T00:00:00+23:59`: the limit on
  /// times at every boundary (parsing, the client's saved state, context JSON).
  package static let earliest = Date(timeIntervalSince1970: Double(earliestSecond))
  /// The last whole second the text form can name, `9999-12-31T23:59:59-23:59`; its
  /// fractions are representable too.
  package static let latest = Date(timeIntervalSince1970: Double(latestSecond))

  /// `earliest` and `latest` in whole seconds since 1970.
  static let earliestSecond = firstUTCSecond - largestOffset
  static let latestSecond = lastUTCSecond + largestOffset
  /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: what `Z` can name.
  static let firstUTCSecond = -62_167_219_200
  static let lastUTCSecond = 253_402_300_799
  /// The largest offset the text form has, 23:59.
  static let largestOffset = 23 * 3_600 + 59 * 60

  /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM` (`±HHMM`, `±HH`).
  /// The instant is the `Date` nearest to the exact decimal time, so what `formatPrecisely`
  /// writes reads back identical.
  /// - Throws: `TimestampParseError` when the text is not such an instant, including when
  ///   the offset is missing.
  package static func parse(_ text: some StringProtocol) throws(TimestampParseError) -> Date {
    var scanner = TimestampScanner(text: String(text))
    let civil = try scanner.readCivilDateTime()
    guard let offset = try scanner.readOffset() else {
      throw scanner.error("missing UTC offset (add Z or +HH:MM)")
    }
    guard scanner.isAtEnd else { throw scanner.error("unexpected text after the offset") }
    return try exactDate(civil, scanner, offsetSeconds: offset)
  }

  /// Parses an instant (with offset) or, when `defaultZone` is given, a wall-clock time
  /// without one, read in that zone.
  package static func parse(
    _ text: some StringProtocol, defaultZone: TimeZone
  ) throws(TimestampParseError) -> Date {
    var scanner = TimestampScanner(text: String(text))
    let civil = try scanner.readCivilDateTime()
    let offset = try scanner.readOffset()
    guard scanner.isAtEnd else { throw scanner.error("unexpected text after the time") }
    if let offset { return try exactDate(civil, scanner, offsetSeconds: offset) }
    return civil.date(in: defaultZone)
  }

  /// Formats an instant as `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds). Instants further
  /// than 10^14 seconds (about three million years) from 1970 are clamped to that bound, and
  /// a NaN instant prints as 1970, so no `Date` can make formatting trap.
  package static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    let bounded = interval.isNaN ? 0 : min(max(interval, -1e14), 1e14)
    return civil(wholeSeconds: Int(bounded.rounded(.down))).description + "Z"
  }

  /// Formats an instant as `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC, milliseconds, the rest of the
  /// fraction dropped), as Firebase's Android SDK writes `firstOpenTime`. The milliseconds
  /// are the `Date`'s own decimal digits (`formatPrecisely`'s), not a product of binary
  /// arithmetic, so `.001` stays `.001`. Clamped as `formatPrecisely` is.
  package static func formatMilliseconds(_ date: Date) -> String {
    let seconds = clamped(date)
    let digits = seconds.fractionDigits.prefix(3)
    return civil(wholeSeconds: seconds.whole).description + "."
      + String(decoding: digits, as: UTF8.self)
      + String(repeating: "0", count: 3 - digits.count) + "Z"
  }

  /// Formats an instant so that `parse` reads back the identical `Date`: every fraction
  /// digit the `Date` holds (`2026-01-01T00:00:00.25Z`), in UTC, or, for the few hours
  /// beyond year 0000 or 9999 in UTC, at the offset that keeps the year four digits
  /// (`9999-12-31T23:00:00-05:00`). A date outside `earliest...latest` is written as the
  /// nearer of the two, and a NaN date as 1970, so the text always parses.
  package static func formatPrecisely(_ date: Date) -> String {
    let seconds = clamped(date)
    var offset = 0
    if seconds.whole < firstUTCSecond {
      offset = (firstUTCSecond - seconds.whole + 59) / 60 * 60
    } else if seconds.whole > lastUTCSecond {
      offset = -((seconds.whole - lastUTCSecond + 59) / 60 * 60)
    }
    var text = civil(wholeSeconds: seconds.whole + offset).description
    if !seconds.fractionDigits.isEmpty {
      text += "." + String(decoding: seconds.fractionDigits, as: UTF8.self)
    }
    guard offset != 0 else { return text + "Z" }
    let minutes = abs(offset) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return text + (offset > 0 ? "+" : "-") + (hours < 10 ? "0" : "") + "\(hours):"
      + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// Whether `date` is within `earliest...latest` (fractions of `latest` included).
  package static func isRepresentable(_ date: Date) -> Bool {
    EpochSeconds(date).map(isRepresentable) ?? false
  }

  /// Whether `seconds` is within `earliest...latest` (fractions of `latest` included).
  package static func isRepresentable(_ seconds: EpochSeconds) -> Bool {
    seconds.whole >= earliestSecond && seconds.whole <= latestSecond
  }

  /// The exact seconds of `date`, moved into `earliest...latest` (NaN: 1970).
  package static func clamped(_ date: Date) -> EpochSeconds {
    if let seconds = EpochSeconds(date), isRepresentable(seconds) { return seconds }
    let interval = date.timeIntervalSince1970
    let whole = interval.isNaN ? 0 : interval < 0 ? earliestSecond : latestSecond
    return EpochSeconds(whole: whole, fractionDigits: [])
  }

  /// The instant `civil`, with the fraction digits `scanner` read, names at `offsetSeconds`.
  /// - Throws: when the nearest `Date` is past `latest`'s second: a fraction so close to the
  ///   next second at year 9999 that a `Double` rounds it up, beyond what text can name.
  private static func exactDate(
    _ civil: CivilDateTime, _ scanner: TimestampScanner, offsetSeconds: Int
  ) throws(TimestampParseError) -> Date {
    let date = EpochSeconds(
      whole: civil.wholeSecondsSinceEpochAsUTC - offsetSeconds,
      fractionDigits: scanner.fractionDigits
    ).date
    guard date < end else {
      // A `Date` this far from 1970 holds time to about 30 microseconds, so a fraction this
      // close to the next second becomes that second, which no timestamp can name.
      let fraction = "." + String(decoding: scanner.fractionDigits, as: UTF8.self)
      let step = Int((latest.timeIntervalSince1970.ulp * 1e6).rounded())
      throw TimestampParseError(
        input: scanner.text, column: 1,
        message: "the fraction \(fraction) rounds up to the next second (times this far from"
          + " 1970 are kept to about \(step) microseconds), which is past the last instant a"
          + " timestamp can name, " + formatPrecisely(latest))
    }
    return date
  }

  /// The second after `latest`: the first instant beyond the limits.
  private static let end = Date(timeIntervalSince1970: Double(latestSecond + 1))

  /// The UTC calendar date and time `seconds` after 1970.
  package static func civil(wholeSeconds seconds: Int) -> CivilDateTime {
    var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Civil from days, after H. Hinnant's public-domain algorithm.
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return CivilDateTime(
      year: year, month: month, day: day, hour: secondOfDay / 3_600,
      minute: secondOfDay % 3_600 / 60, second: secondOfDay % 60, fraction: 0)
  }
}
