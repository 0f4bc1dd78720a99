/// The percent atom: `percent <= N`, `percent > N`, `percent between A and B`, each
/// optionally seeded as `percent('seed')`.
extension ExpressionParser {
  /// The most characters a seed may have (Firebase's limit).
  static let maximumSeedLength = 32

  /// Parses a percent atom, starting on `percent`.
  mutating func parsePercent() throws(ConditionSyntaxError) -> Condition {
    advance()
    var seed = ""
    if token.kind == .leftParen {
      advance()
      guard case .string(let value) = token.kind else { throw error("expected a quoted seed") }
      guard Self.isValidSeed(value) else {
        throw error(
          "invalid percent seed \(ConditionSyntaxError.quoted(value)): use 0 to"
            + " \(Self.maximumSeedLength) characters of A-Z, a-z, 0-9, '-', '_' and '.'")
      }
      seed = value
      advance()
      try expect(.rightParen, else: "expected ')'")
    }
    let range: PercentCondition.Range
    switch token.kind {
    case .lessOrEqual:
      advance()
      range = .atMost(try parsePercentValue().micro)
    case .greater:
      advance()
      range = .above(try parsePercentValue().micro)
    case .identifier("between"):
      advance()
      let lower = try parsePercentValue()
      try expectIdentifier("and", else: "expected 'and'")
      let upper = try parsePercentValue()
      guard lower.micro <= upper.micro else {
        throw error(
          "percent range is reversed: \(lower.text) is above \(upper.text)", at: lower.column)
      }
      range = .between(lower: lower.micro, upper: upper.micro)
    default:
      throw unexpectedOperator(after: "percent", expected: "'<=', '>' or 'between'")
    }
    return .percent(PercentCondition(seed: seed, range: range))
  }

  /// A percent literal, converted exactly to micro-percent.
  private mutating func parsePercentValue() throws(ConditionSyntaxError) -> (
    micro: Int, text: String, column: Int
  ) {
    guard case .number(let text) = token.kind else {
      if case .string = token.kind {
        throw error("expected a percent from 0 to 100, written as a number without quotes")
      }
      throw expectedValue("expected a percent from 0 to 100")
    }
    guard let micro = MicroPercent.parse(text) else {
      throw error(Self.percentProblem(text))
    }
    let column = token.column
    advance()
    return (micro, text, column)
  }

  /// Why a lexically valid number is not a percent.
  private static func percentProblem(_ text: String) -> String {
    let shown = ConditionSyntaxError.quoted(text)
    if text.hasPrefix("-") { return "percent \(shown) is negative; use 0 to 100" }
    let fractionDigits = text.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
    if fractionDigits > MicroPercent.maximumFractionDigits {
      return "percent \(shown) has more than \(MicroPercent.maximumFractionDigits) decimal places"
    }
    return "percent \(shown) is above 100"
  }

  /// 0 to 32 characters of `[-_.0-9a-zA-Z]`.
  static func isValidSeed(_ seed: String) -> Bool {
    var count = 0
    for byte in seed.utf8 {
      count += 1
      guard count <= maximumSeedLength else { return false }
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."):
        continue
      default:
        return false
      }
    }
    return true
  }
}
