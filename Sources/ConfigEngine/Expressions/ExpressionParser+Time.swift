import Core
import Foundation

/// The time atoms: `app.firstOpenTimestamp <= | > | >= | < (...)` and
/// `dateTime < | >= dateTime(...)`, whose argument is `('wall-clock time'[, 'zone'])`.
extension ExpressionParser {
  /// The longest zone name looked up; IANA names are far shorter.
  static let maximumZoneNameLength = 64

  /// `<= ('2025-01-01T09:00:00'[, 'Asia/Tokyo'])` or `>`, `>=`, `<`, after
  /// `app.firstOpenTimestamp`. Firebase's condition reference shows all four (its own example
  /// is `>=`); each is the comparison it names.
  mutating func parseFirstOpenTime() throws(ConditionSyntaxError) -> Condition {
    let comparison: ComparisonOperator
    switch token.kind {
    case .lessOrEqual: comparison = .lessOrEqual
    case .greater: comparison = .greaterThan
    case .greaterOrEqual: comparison = .greaterOrEqual
    case .less: comparison = .lessThan
    default:
      throw unexpectedOperator(
        after: "app.firstOpenTimestamp", expected: "'<=', '>', '>=' or '<'")
    }
    advance()
    let target = try parseTimeArguments()
    return .signal(SignalCondition(.firstOpenTime, .time(comparison, target)))
  }

  /// `dateTime < dateTime('2025-01-06T03:00:00'[, 'Asia/Tokyo'])` or `>=`, starting on the
  /// first `dateTime`.
  mutating func parseEvaluationTime() throws(ConditionSyntaxError) -> Condition {
    advance()
    let comparison: ComparisonOperator
    switch token.kind {
    case .less: comparison = .lessThan
    case .greaterOrEqual: comparison = .greaterOrEqual
    default: throw unexpectedOperator(after: "dateTime", expected: "'<' or '>='")
    }
    advance()
    try expectIdentifier("dateTime", else: "expected dateTime('...')")
    let target = try parseTimeArguments()
    return .signal(SignalCondition(.evaluationTime, .time(comparison, target)))
  }

  /// `('2025-01-06T03:00:00'[, 'Asia/Tokyo'])`: a wall-clock time read in the zone, or in
  /// GMT when there is none.
  private mutating func parseTimeArguments() throws(ConditionSyntaxError) -> TimeTarget {
    try expect(.leftParen, else: "expected '('")
    guard case .string(let text) = token.kind else {
      throw error("expected a quoted date and time such as '2025-01-06T03:00:00'")
    }
    let civil: CivilDateTime
    do throws(TimestampParseError) {
      civil = try CivilDateTime(parsing: text)
    } catch {
      throw self.error(
        "invalid date and time \(ConditionSyntaxError.quoted(text)): \(error.message)")
    }
    advance()
    guard token.kind == .comma else {
      try expect(.rightParen, else: "expected ',' or ')'")
      return TimeTarget(instant: civil.date(offsetSeconds: 0), text: text, zone: nil)
    }
    advance()
    guard case .string(let zoneName) = token.kind else {
      throw error("expected a quoted time zone such as 'Asia/Tokyo'")
    }
    guard let zone = Self.timeZone(named: zoneName) else {
      throw error("unknown time zone \(ConditionSyntaxError.quoted(zoneName))")
    }
    advance()
    try expect(.rightParen, else: "expected ')'")
    return TimeTarget(instant: civil.date(in: zone), text: text, zone: zoneName)
  }

  /// The zone an IANA name (or `GMT`, `UTC`) names. Names are screened before Foundation
  /// sees them: only ASCII letters, digits, `_`, `+`, `-` and `/`, so no path tricks
  /// (`..`) and no odd bytes reach the platform's zone lookup.
  private static func timeZone(named name: String) -> TimeZone? {
    guard !name.isEmpty, name.utf8.count <= maximumZoneNameLength else { return nil }
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"),
        UInt8(ascii: "-"), UInt8(ascii: "/"):
        continue
      default:
        return nil
      }
    }
    return TimeZone(identifier: name)
  }
}
