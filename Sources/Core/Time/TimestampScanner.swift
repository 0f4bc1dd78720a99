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
