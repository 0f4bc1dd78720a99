/// Bracket classes: `[a-z]`, `[^\d_]`, with escapes and ranges.
extension BoundedRegexParser {
  /// Reads a class from its `[` to its `]`, folded for `(?i)` and inverted for `[^`.
  mutating func parseClass() throws(RegexSyntaxError) -> BoundedRegexScalarSet {
    let open = index
    index += 1
    let isNegated = ascii(at: index) == UInt8(ascii: "^")
    if isNegated { index += 1 }
    if ascii(at: index) == UInt8(ascii: "]") {
      throw error("an empty class is not supported; write \\] for a literal ']'", at: open)
    }
    var members = BoundedRegexScalarSet()
    while ascii(at: index) != UInt8(ascii: "]") {
      guard index < characters.count else { throw error("expected ']'", at: index) }
      let start = index
      let first = try parseClassMember()
      let isRange =
        ascii(at: index) == UInt8(ascii: "-") && index + 1 < characters.count
        && ascii(at: index + 1) != UInt8(ascii: "]")
      guard isRange else {
        members = members.union(first.set)
        continue
      }
      guard let lower = first.scalar else {
        throw error("a class range cannot start with a class escape", at: start)
      }
      index += 1
      let endStart = index
      guard let upper = try parseClassMember().scalar else {
        throw error("a class range cannot end with a class escape", at: endStart)
      }
      guard lower <= upper else { throw error("the class range is out of order", at: start) }
      members = members.union(BoundedRegexScalarSet(ranges: [lower...upper]))
    }
    index += 1
    let adjusted = caseAdjusted(members)
    return isNegated ? adjusted.inverted() : adjusted
  }

  /// One member of a class: a single scalar (which may start a range) or a class escape.
  private mutating func parseClassMember() throws(RegexSyntaxError) -> (
    scalar: UInt32?, set: BoundedRegexScalarSet
  ) {
    let start = index
    if ascii(at: index) == UInt8(ascii: "\\") {
      switch try parseEscape(inClass: true) {
      case .scalar(let value):
        return (value, BoundedRegexScalarSet(ranges: [value...value]))
      case .set(let set):
        return (nil, set)
      case .assertion:
        throw error("an assertion cannot appear in a class", at: start)
      }
    }
    if ascii(at: index) == UInt8(ascii: "["), ascii(at: index + 1) == UInt8(ascii: ":") {
      throw error("POSIX classes such as [:alpha:] are not supported", at: start)
    }
    guard let value = singleScalar(at: index) else {
      throw error("a class member must be a single Unicode scalar", at: start)
    }
    index += 1
    return (value, BoundedRegexScalarSet(ranges: [value...value]))
  }
}
