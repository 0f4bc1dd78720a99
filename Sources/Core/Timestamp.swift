import Foundation

/// Parses ISO-8601 instants that carry their offset, such as `2025-04-01T00:00:00+09:00`
/// or `2025-03-31T15:00:00.250Z`: campaign windows, `--now`, first-open times.
///
/// One parser on every platform, with an error that names the input and the field, instead
/// of `ISO8601DateFormatter` options that differ in what they accept.
public enum Timestamp {
  /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM` (`±HHMM`, `±HH`).
  /// - Throws: `TimestampParseError` when the text is not such an instant, including when
  ///   the offset is missing.
  public static func parse(_ text: some StringProtocol) throws(TimestampParseError) -> Date {
    var scanner = TimestampScanner(text: String(text))
    let civil = try scanner.readCivilDateTime()
    guard let offset = try scanner.readOffset() else {
      throw scanner.error("missing UTC offset (add Z or +HH:MM)")
    }
    guard scanner.isAtEnd else { throw scanner.error("unexpected text after the offset") }
    return civil.date(offsetSeconds: offset)
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
    if let offset { return civil.date(offsetSeconds: offset) }
    return civil.date(in: defaultZone)
  }

  /// Formats an instant as `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds).
  public static func format(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
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
    let civil = CivilDateTime(
      year: year, month: month, day: day, hour: secondOfDay / 3_600,
      minute: secondOfDay % 3_600 / 60, second: secondOfDay % 60, fraction: 0)
    return civil.description + "Z"
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
    "invalid timestamp \"\(input)\" at column \(column): \(message)"
  }
}

/// Reads the fields of a timestamp left to right. Shared by `Timestamp` and `CivilDateTime`.
struct TimestampScanner {
  let text: String
  private let bytes: [UInt8]
  private var index = 0

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
        var digits = 0
        while index < bytes.count, let digit = digitValue(bytes[index]) {
          fraction += Double(digit) * scale
          scale /= 10
          digits += 1
          index += 1
        }
        guard digits > 0 else { throw error("expected digits after '.'") }
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
