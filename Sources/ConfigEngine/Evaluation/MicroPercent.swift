/// Converts a decimal percent such as `33.333333` into micro-percent (1 % = 1_000_000), the
/// unit percent conditions compare buckets in.
///
/// The conversion works on the digits, never through a `Double`, so `0.000001` is exactly 1
/// and `33.333333` exactly 33_333_333: a bound that drifted by one micro-percent would move
/// users between buckets.
enum MicroPercent {
  /// Micro-percent in one percent.
  static let perPercent = 1_000_000
  /// The most fractional digits a percent may have: one micro-percent is `0.000001`.
  static let maximumFractionDigits = 6

  /// The micro-percent `text` spells, or nil when it is not a percent.
  ///
  /// Accepted: ASCII digits with an optional `.` and 1 to 6 fractional digits, whose value is
  /// 0 to 100 (`0`, `10`, `0.000001`, `99.999999`, `100`, `100.000000`, leading zeros as
  /// in `007`). Rejected: a sign (`-1`, `+1`), an exponent (`1e2`), a bare point (`.5`,
  /// `5.`), a seventh fractional digit (`100.0000001`), a value over 100, whitespace, an
  /// empty string. Callers trim first if their input may carry spaces.
  static func parse(_ text: some StringProtocol) -> Int? {
    var integer = 0
    var integerDigits = 0
    var fraction = 0
    var fractionDigits = 0
    var seenPoint = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int(byte - UInt8(ascii: "0"))
        if seenPoint {
          fractionDigits += 1
          guard fractionDigits <= maximumFractionDigits else { return nil }
          fraction = fraction * 10 + digit
        } else {
          integerDigits += 1
          integer = integer * 10 + digit
          // Stopping past 100 also keeps a long run of digits from overflowing.
          guard integer <= 100 else { return nil }
        }
      case UInt8(ascii: "."):
        guard !seenPoint, integerDigits > 0 else { return nil }
        seenPoint = true
      default:
        return nil
      }
    }
    guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { return nil }
    for _ in fractionDigits..<maximumFractionDigits { fraction *= 10 }
    let micro = integer * perPercent + fraction
    return micro <= PercentCondition.microPercentScale ? micro : nil
  }
}
