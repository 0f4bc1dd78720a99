import Foundation

/// Parses ISO-8601 instants that carry their offset, such as `2025-04-01T00:00:00+09:00`
/// or `2025-03-31T15:00:00.250Z`: campaign windows, `--now`, first-open times.
///
/// One parser on every platform, with an error that names the input and the field, instead
/// of `ISO8601DateFormatter` options that differ in what they accept.
public enum Timestamp {
  /// The first instant the text form can name, `0000-01-01T00:00:00+23:59`: the limit on
  /// times at every boundary (parsing, the client's saved state, context JSON).
  public static let earliest = Date(timeIntervalSince1970: Double(earliestSecond))
  /// The last whole second the text form can name, `9999-12-31T23:59:59-23:59`; its
  /// fractions are representable too.
  public static let latest = Date(timeIntervalSince1970: Double(latestSecond))

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
  public static func parse(_ text: some StringProtocol) throws(TimestampParseError) -> Date {
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
  public static func parse(
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
  public static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    let bounded = interval.isNaN ? 0 : min(max(interval, -1e14), 1e14)
    return civil(wholeSeconds: Int(bounded.rounded(.down))).description + "Z"
  }

  /// Formats an instant so that `parse` reads back the identical `Date`: every fraction
  /// digit the `Date` holds (`2026-01-01T00:00:00.25Z`), in UTC, or, for the few hours
  /// beyond year 0000 or 9999 in UTC, at the offset that keeps the year four digits
  /// (`9999-12-31T23:00:00-05:00`). A date outside `earliest...latest` is written as the
  /// nearer of the two, and a NaN date as 1970, so the text always parses.
  public static func formatPrecisely(_ date: Date) -> String {
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
  public static func isRepresentable(_ date: Date) -> Bool {
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
      throw TimestampParseError(
        input: scanner.text, column: 1,
        message: "the instant is past the last one a timestamp can name, "
          + formatPrecisely(latest) + " and its fractions")
    }
    return date
  }

  /// The second after `latest`: the first instant beyond the limits.
  private static let end = Date(timeIntervalSince1970: Double(latestSecond + 1))

  /// The UTC calendar date and time `seconds` after 1970.
  private static func civil(wholeSeconds seconds: Int) -> CivilDateTime {
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

/// Why a text is not a timestamp: the input and what was wrong at which character.
public struct TimestampParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text that failed to parse.
  public let input: String
  /// The 1-based position of the problem, in characters.
  public let column: Int
  /// What was wrong.
  public let message: String

  /// Creates an error.
  public init(input: String, column: Int, message: String) {
    self.input = input
    self.column = column
    self.message = message
  }

  /// For example `invalid timestamp "2025-13-01T00:00:00Z" at column 6: month must be 1...12`.
  public var description: String {
    "invalid timestamp \"\(Excerpt.of(input))\" at column \(column): \(message)"
  }
}

/// Reads the fields of a timestamp left to right. Shared by `Timestamp` and `CivilDateTime`.
struct TimestampScanner {
  let text: String
  private let bytes: [UInt8]
  private var index = 0
  /// The digits after the seconds' point, as read by `readCivilDateTime` (exact, unlike
  /// `CivilDateTime.fraction`).
  private(set) var fractionDigits: [UInt8] = []

  init(text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  var isAtEnd: Bool { index == bytes.count }

  func error(_ message: String) -> TimestampParseError {
    // Columns count characters, like every other position Switchyard reports.
    let column = String(decoding: bytes[..<min(index, bytes.count)], as: UTF8.self).count + 1
    return TimestampParseError(input: text, column: column, message: message)
  }

  mutating func readCivilDateTime() throws(TimestampParseError) -> CivilDateTime {
    let year = try readNumber(digits: 4, field: "year")
    try expect("-", after: "year")
    let month = try readNumber(digits: 2, field: "month", range: 1...12)
    try expect("-", after: "month")
    let dayStart = index
    let day = try readNumber(digits: 2, field: "day", range: 1...31)
    guard day <= Self.daysIn(month: month, year: year) else {
      index = dayStart
      throw error("day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)")
    }
    try expect("T", after: "date")
    let hour = try readNumber(digits: 2, field: "hour", range: 0...23)
    try expect(":", after: "hour")
    let minute = try readNumber(digits: 2, field: "minute", range: 0...59)
    var second = 0
    var fraction = 0.0
    if peek(":") {
      index += 1
      second = try readNumber(digits: 2, field: "second", range: 0...59)
      if peek(".") {
        index += 1
        var scale = 0.1
        let start = index
        while index < bytes.count, let digit = digitValue(bytes[index]) {
          fraction += Double(digit) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { throw error("expected digits after '.'") }
        fractionDigits = Array(bytes[start..<index])
      }
    }
    return CivilDateTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      fraction: fraction)
  }

  /// Reads `Z`, `±HH:MM`, `±HHMM` or `±HH` and returns the offset in seconds; nil if the
  /// text ends here.
  mutating func readOffset() throws(TimestampParseError) -> Int? {
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
      index += 1
      return 0
    }
    let sign: Int
    switch bytes[index] {
    case UInt8(ascii: "+"): sign = 1
    case UInt8(ascii: "-"): sign = -1
    default: throw error("expected Z or a +HH:MM offset")
    }
    index += 1
    let hours = try readNumber(digits: 2, field: "offset hours", range: 0...23)
    var minutes = 0
    if peek(":") { index += 1 }
    if index < bytes.count {
      minutes = try readNumber(digits: 2, field: "offset minutes", range: 0...59)
    }
    return sign * (hours * 3_600 + minutes * 60)
  }

  private func peek(_ character: Unicode.Scalar) -> Bool {
    index < bytes.count && bytes[index] == UInt8(ascii: character)
  }

  private mutating func expect(_ character: Unicode.Scalar, after field: String)
    throws(TimestampParseError)
  {
    guard peek(character) else { throw error("expected '\(character)' after the \(field)") }
    index += 1
  }

  private func digitValue(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
  }

  private mutating func readNumber(
    digits: Int, field: String, range: ClosedRange<Int>? = nil
  ) throws(TimestampParseError) -> Int {
    let start = index
    var value = 0
    for _ in 0..<digits {
      guard index < bytes.count, let digit = digitValue(bytes[index]) else {
        index = start
        throw error("expected \(digits) digits for the \(field)")
      }
      value = value * 10 + digit
      index += 1
    }
    if let range, !range.contains(value) {
      index = start
      throw error("\(field) must be \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
