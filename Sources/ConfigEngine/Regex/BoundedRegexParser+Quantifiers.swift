/// Quantifiers (`*`, `+`, `?`, `{n,m}`) and what a repetition costs in instructions.
extension BoundedRegexParser {
  /// Applies a quantifier following `atom`, if there is one.
  mutating func parseQuantifier(
    after atom: Parsed, quantifiable: Bool
  ) throws(RegexSyntaxError) -> Parsed {
    let start = index
    let minimum: Int
    let maximum: Int?
    switch ascii(at: index) {
    case UInt8(ascii: "*"):
      (minimum, maximum) = (0, nil)
      index += 1
    case UInt8(ascii: "+"):
      (minimum, maximum) = (1, nil)
      index += 1
    case UInt8(ascii: "?"):
      (minimum, maximum) = (0, 1)
      index += 1
    case UInt8(ascii: "{"):
      guard let bounds = try readBraceQuantifier() else { throw braceError(at: start) }
      (minimum, maximum) = bounds
    default:
      return atom
    }
    guard quantifiable else {
      throw error("'\(characters[start])' has nothing to repeat", at: start)
    }
    if let maximum, maximum < minimum {
      throw error("the repetition {\(minimum),\(maximum)} has its bounds out of order", at: start)
    }
    if ascii(at: index) == UInt8(ascii: "?") {
      index += 1  // Lazy: the same yes/no answer.
    } else if ascii(at: index) == UInt8(ascii: "+") {
      throw error("possessive quantifiers are not supported", at: index)
    }
    let size = Self.repetitionSize(of: atom.size, minimum: minimum, maximum: maximum)
    if size > maximumNodeSize { throw tooLarge(at: start) }
    return (.repetition(atom.node, minimum: minimum, maximum: maximum), size)
  }

  /// Reads `{n}`, `{n,}` or `{n,m}` at `index`; nil, with `index` unchanged, when the brace
  /// does not start one.
  mutating func readBraceQuantifier() throws(RegexSyntaxError) -> (Int, Int?)? {
    let start = index
    var position = index + 1
    guard let minimum = readCount(at: &position) else { return nil }
    var maximum: Int? = minimum
    if ascii(at: position) == UInt8(ascii: ",") {
      position += 1
      maximum = readCount(at: &position)
    }
    guard ascii(at: position) == UInt8(ascii: "}") else { return nil }
    for count in [minimum, maximum ?? 0] where count > Self.maximumRepetitionCount {
      throw error(
        "a repetition count may be at most \(Self.maximumRepetitionCount)", at: start)
    }
    index = position + 1
    return (minimum, maximum)
  }

  /// Reads decimal digits, saturating just above the repetition limit; nil for no digits.
  private func readCount(at position: inout Int) -> Int? {
    var value: Int?
    while let byte = ascii(at: position), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      let digit = Int(byte - UInt8(ascii: "0"))
      value = min((value ?? 0) * 10 + digit, Self.maximumRepetitionCount + 1)
      position += 1
    }
    return value
  }

  /// Instructions for `node{minimum,maximum}` when `node` takes `size`: the required copies,
  /// then a loop (split + jump, or one split after a copy) or optional copies (split each).
  private static func repetitionSize(of size: Int, minimum: Int, maximum: Int?) -> Int {
    guard let maximum else {
      return minimum == 0 ? add(size, 2) : add(multiply(minimum, size), 1)
    }
    return add(multiply(minimum, size), multiply(maximum - minimum, add(size, 1)))
  }
}
