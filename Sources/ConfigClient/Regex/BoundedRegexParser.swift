/// Parses the pattern syntax `BoundedRegex` accepts into a `BoundedRegexNode`.
///
/// A recursive-descent parser over the pattern's characters. It tracks how many program
/// instructions each node will compile to, so a pattern that would expand past
/// `BoundedRegex.maximumProgramSize` (`(a{1000}){1000}`) is rejected before anything is
/// built, at the column of the construct that crossed the limit. Group nesting is capped so
/// the recursion depth is bounded too.
struct BoundedRegexParser {
  /// A parsed node and the number of instructions it compiles to (saturating).
  typealias Parsed = (node: BoundedRegexNode, size: Int)

  /// How deeply groups may nest; keeps parsing and compiling recursion shallow.
  static let maximumNestingDepth = 100
  /// The largest count a `{n,m}` repetition may name.
  static let maximumRepetitionCount = 1_000

  private let pattern: String
  /// The pattern's characters, except that a CR LF pair counts as two, as in the input.
  private var characters: [Character] = []
  /// The 1-based column of each entry of `characters`.
  private var columns: [Int] = []
  private var index = 0
  private var groupNames: Set<String> = []
  private(set) var isCaseInsensitive = false

  /// The largest size a node may have: the whole program also needs its `match`.
  private var maximumNodeSize: Int { BoundedRegex.maximumProgramSize - 1 }

  init(pattern: String) throws(RegexSyntaxError) {
    self.pattern = pattern
    var column = 0
    for character in pattern {
      column += 1
      guard column <= BoundedRegex.maximumPatternLength else {
        throw RegexSyntaxError(
          pattern: pattern, column: column,
          message: "the pattern is longer than \(BoundedRegex.maximumPatternLength) characters")
      }
      if character == "\r\n" {
        characters.append("\r")
        characters.append("\n")
        columns.append(column)
        columns.append(column)
      } else {
        characters.append(character)
        columns.append(column)
      }
    }
  }

  /// Parses the whole pattern.
  mutating func parse() throws(RegexSyntaxError) -> Parsed {
    try rejectCombiningMarksOnSyntax()
    if characters.count >= 4, characters[0..<4].elementsEqual(["(", "?", "i", ")"]) {
      isCaseInsensitive = true
      index = 4
    }
    let parsed = try parseAlternation(depth: 0)
    if index < characters.count {
      // `parseAlternation` stops only at the end or at a `)` no group opened.
      throw error("unbalanced ')'", at: index)
    }
    return parsed
  }

  // MARK: - Structure

  private mutating func parseAlternation(depth: Int) throws(RegexSyntaxError) -> Parsed {
    var branches: [BoundedRegexNode] = []
    var size = 0
    while true {
      let branch = try parseConcatenation(depth: depth)
      branches.append(branch.node)
      // Each branch after the first costs a split and a jump.
      size = Self.add(size, branch.size, branches.count > 1 ? 2 : 0)
      guard ascii(at: index) == UInt8(ascii: "|") else { break }
      if size > maximumNodeSize { throw tooLarge(at: index) }
      index += 1
    }
    if size > maximumNodeSize { throw tooLarge(at: index) }
    return branches.count == 1 ? (branches[0], size) : (.alternation(branches), size)
  }

  private mutating func parseConcatenation(depth: Int) throws(RegexSyntaxError) -> Parsed {
    var items: [BoundedRegexNode] = []
    var size = 0
    while index < characters.count {
      let byte = ascii(at: index)
      if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ")") { break }
      let start = index
      let atom = try parseAtom(depth: depth)
      let item = try parseQuantifier(after: atom.parsed, quantifiable: atom.quantifiable)
      size = Self.add(size, item.size)
      if size > maximumNodeSize { throw tooLarge(at: start) }
      if case .empty = item.node { continue }
      items.append(item.node)
    }
    switch items.count {
    case 0: return (.empty, 0)
    case 1: return (items[0], size)
    default: return (.concatenation(items), size)
    }
  }

  /// One atom, and whether a quantifier may follow it (not after an assertion).
  private mutating func parseAtom(
    depth: Int
  ) throws(RegexSyntaxError) -> (parsed: Parsed, quantifiable: Bool) {
    let start = index
    guard let byte = ascii(at: index) else {
      index += 1
      return (literal(characters[start]), true)
    }
    switch byte {
    case UInt8(ascii: "("):
      return (try parseGroup(depth: depth), true)
    case UInt8(ascii: "["):
      return ((.set(try parseClass()), 1), true)
    case UInt8(ascii: "."):
      index += 1
      return ((.set(.anyExceptLineFeed), 1), true)
    case UInt8(ascii: "^"):
      index += 1
      return ((.assertion(.startOfInput), 1), false)
    case UInt8(ascii: "$"):
      index += 1
      return ((.assertion(.endOfInput), 1), false)
    case UInt8(ascii: "\\"):
      switch try parseEscape(inClass: false) {
      case .scalar(let value): return (literal(value), true)
      case .set(let set): return ((.set(caseAdjusted(set)), 1), true)
      case .assertion(let assertion): return ((.assertion(assertion), 1), false)
      }
    case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
      throw error("'\(Character(Unicode.Scalar(byte)))' has nothing to repeat", at: start)
    case UInt8(ascii: "{"):
      guard try readBraceQuantifier() == nil else {
        throw error("'{' has nothing to repeat", at: start)
      }
      throw braceError(at: start)
    default:
      index += 1
      return (literal(UInt32(byte)), true)
    }
  }

  private mutating func parseGroup(depth: Int) throws(RegexSyntaxError) -> Parsed {
    let open = index
    guard depth < Self.maximumNestingDepth else {
      throw error("groups nest more than \(Self.maximumNestingDepth) deep", at: open)
    }
    index += 1
    if ascii(at: index) == UInt8(ascii: "?") {
      try parseGroupPrefix(open: open)
    }
    let inner = try parseAlternation(depth: depth + 1)
    guard ascii(at: index) == UInt8(ascii: ")") else { throw error("expected ')'", at: index) }
    index += 1
    return inner
  }

  /// Reads what follows `(?`: `:` or a `<name>`, or rejects lookaround and inline flags.
  private mutating func parseGroupPrefix(open: Int) throws(RegexSyntaxError) {
    switch ascii(at: index + 1) {
    case UInt8(ascii: ":"):
      index += 2
    case UInt8(ascii: "="), UInt8(ascii: "!"):
      throw error("lookahead is not supported", at: open)
    case UInt8(ascii: "<"):
      let next = ascii(at: index + 2)
      if next == UInt8(ascii: "=") || next == UInt8(ascii: "!") {
        throw error("lookbehind is not supported", at: open)
      }
      index += 2
      try parseGroupName()
    case UInt8(ascii: "i"), UInt8(ascii: "m"), UInt8(ascii: "s"), UInt8(ascii: "x"),
      UInt8(ascii: "-"):
      throw error("inline flags are only supported as a leading (?i)", at: open)
    case nil where index + 1 >= characters.count:
      throw error("expected ':' or '<name>' after '(?'", at: index + 1)
    default:
      throw error("unknown group syntax after '(?'", at: index + 1)
    }
  }

  /// Reads `name>` of a named group `(?<name>`.
  private mutating func parseGroupName() throws(RegexSyntaxError) {
    let start = index
    var name = ""
    while index < characters.count, characters[index] != ">" {
      let character = characters[index]
      let isNameStart = character.isLetter || character == "_" || character == "$"
      guard isNameStart || (!name.isEmpty && character.isASCII && character.isNumber) else {
        throw error("a group name must be letters, digits, '_' or '$'", at: index)
      }
      name.append(character)
      index += 1
    }
    guard !name.isEmpty else { throw error("expected a group name after '(?<'", at: start) }
    guard index < characters.count else { throw error("expected '>'", at: index) }
    guard groupNames.insert(name).inserted else {
      throw error("duplicate group name '\(name)'", at: start)
    }
    index += 1
  }

  /// Applies a quantifier following `atom`, if there is one.
  private mutating func parseQuantifier(
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
  private mutating func readBraceQuantifier() throws(RegexSyntaxError) -> (Int, Int?)? {
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

  // MARK: - Classes

  private mutating func parseClass() throws(RegexSyntaxError) -> BoundedRegexScalarSet {
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

  // MARK: - Escapes

  /// What an escape stands for.
  private enum Escape {
    case scalar(UInt32)
    case set(BoundedRegexScalarSet)
    case assertion(BoundedRegexAssertion)
  }

  private mutating func parseEscape(inClass: Bool) throws(RegexSyntaxError) -> Escape {
    let start = index
    index += 1
    guard index < characters.count else {
      throw error("the pattern ends with a lone '\\'", at: start)
    }
    guard let byte = ascii(at: index) else {
      throw error("unknown escape '\\\(characters[index])'", at: start)
    }
    index += 1
    switch byte {
    case UInt8(ascii: "d"): return .set(.digits)
    case UInt8(ascii: "D"): return .set(BoundedRegexScalarSet.digits.inverted())
    case UInt8(ascii: "w"): return .set(.wordCharacters)
    case UInt8(ascii: "W"): return .set(BoundedRegexScalarSet.wordCharacters.inverted())
    case UInt8(ascii: "s"): return .set(.whitespace)
    case UInt8(ascii: "S"): return .set(BoundedRegexScalarSet.whitespace.inverted())
    case UInt8(ascii: "b"): return inClass ? .scalar(0x08) : .assertion(.wordBoundary)
    case UInt8(ascii: "B"):
      guard !inClass else { throw error("\\B cannot appear in a class", at: start) }
      return .assertion(.notWordBoundary)
    case UInt8(ascii: "t"): return .scalar(0x09)
    case UInt8(ascii: "n"): return .scalar(0x0A)
    case UInt8(ascii: "v"): return .scalar(0x0B)
    case UInt8(ascii: "f"): return .scalar(0x0C)
    case UInt8(ascii: "r"): return .scalar(0x0D)
    case UInt8(ascii: "0"):
      if let next = ascii(at: index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
        throw error("octal escapes are not supported", at: start)
      }
      return .scalar(0)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      throw error("backreferences are not supported", at: start)
    case UInt8(ascii: "k"):
      throw error("backreferences are not supported", at: start)
    case UInt8(ascii: "x"):
      guard let value = readHex(digits: 2) else {
        throw error("\\x must be followed by two hex digits", at: start)
      }
      return .scalar(value)
    case UInt8(ascii: "u"):
      return .scalar(try parseUnicodeEscape(start: start))
    case UInt8(ascii: "p"), UInt8(ascii: "P"):
      throw error("Unicode property escapes are not supported", at: start)
    case UInt8(ascii: "c"):
      throw error("control escapes are not supported", at: start)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'", at: start)
    case 0x20...0x7E:
      // Escaped punctuation is itself, in every regex dialect.
      return .scalar(UInt32(byte))
    default:
      throw error("unknown escape", at: start)
    }
  }

  /// Reads the rest of `\uHHHH`, `\uHHHH\uHHHH` (a surrogate pair) or `\u{H...}`.
  private mutating func parseUnicodeEscape(start: Int) throws(RegexSyntaxError) -> UInt32 {
    if ascii(at: index) == UInt8(ascii: "{") {
      index += 1
      var value: UInt32 = 0
      var digits = 0
      while let digit = hexDigit(at: index) {
        // Past U+10FFFF the value only needs to stay too large, and must not overflow.
        value = value > BoundedRegexScalarSet.largestScalar ? value : value << 4 | digit
        digits += 1
        index += 1
      }
      guard digits > 0, ascii(at: index) == UInt8(ascii: "}") else {
        throw error("\\u{ must be followed by hex digits and '}'", at: start)
      }
      index += 1
      guard value <= BoundedRegexScalarSet.largestScalar else {
        throw error("\\u{...} is beyond U+10FFFF", at: start)
      }
      guard !(0xD800...0xDFFF).contains(value) else {
        throw error("\\u{...} names a surrogate, not a Unicode scalar", at: start)
      }
      return value
    }
    guard let value = readHex(digits: 4) else {
      throw error("\\u must be followed by four hex digits or {hex}", at: start)
    }
    if (0xD800...0xDBFF).contains(value),
      ascii(at: index) == UInt8(ascii: "\\"), ascii(at: index + 1) == UInt8(ascii: "u")
    {
      let resume = index
      index += 2
      if let low = readHex(digits: 4), (0xDC00...0xDFFF).contains(low) {
        return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      index = resume
    }
    guard !(0xD800...0xDFFF).contains(value) else {
      throw error("a lone surrogate is not a Unicode scalar", at: start)
    }
    return value
  }

  /// Reads exactly `digits` hex digits; nil, with `index` unchanged, if they are not there.
  private mutating func readHex(digits: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<digits {
      guard let digit = hexDigit(at: index + offset) else { return nil }
      value = value << 4 | digit
    }
    index += digits
    return value
  }

  private func hexDigit(at position: Int) -> UInt32? {
    guard let byte = ascii(at: position) else { return nil }
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  // MARK: - Characters

  /// A literal outside a class: one scalar, or a character of several.
  private func literal(_ character: Character) -> Parsed {
    let scalars = character.unicodeScalars.map { scalar in
      isCaseInsensitive ? Self.lowercasedASCII(scalar.value) : scalar.value
    }
    if scalars.count == 1, let value = character.unicodeScalars.first?.value {
      return literal(value)
    }
    return (.multiScalarCharacter(scalars), 1)
  }

  private func literal(_ value: UInt32) -> Parsed {
    guard isCaseInsensitive else { return (.scalar(value, value), 1) }
    let lower = Self.lowercasedASCII(value)
    let upper = (0x61...0x7A).contains(lower) ? lower - 0x20 : lower
    return (.scalar(lower, upper), 1)
  }

  private func caseAdjusted(_ set: BoundedRegexScalarSet) -> BoundedRegexScalarSet {
    isCaseInsensitive ? set.addingOtherASCIICase() : set
  }

  static func lowercasedASCII(_ value: UInt32) -> UInt32 {
    (0x41...0x5A).contains(value) ? value + 0x20 : value
  }

  /// The ASCII value of the character at `position` if it is one ASCII scalar.
  private func ascii(at position: Int) -> UInt8? {
    guard position < characters.count else { return nil }
    return characters[position].asciiValue
  }

  private func singleScalar(at position: Int) -> UInt32? {
    guard position < characters.count else { return nil }
    let scalars = characters[position].unicodeScalars
    guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return nil }
    return first.value
  }

  /// A combining mark written right after a syntax character fuses with it into one
  /// character (`(` + U+0301 is not `(`); rather than misread the pattern, reject it.
  private func rejectCombiningMarksOnSyntax() throws(RegexSyntaxError) {
    let syntax = Set("\\^$.|?*+()[]{}".unicodeScalars)
    for (position, character) in characters.enumerated() where character.asciiValue == nil {
      let scalars = character.unicodeScalars
      if let first = scalars.first, first.isASCII, syntax.contains(first) {
        throw error("a combining mark follows '\(first)'", at: position)
      }
    }
  }

  // MARK: - Sizes and errors

  /// Instructions for `node{minimum,maximum}` when `node` takes `size`: the required copies,
  /// then a loop (split + jump, or one split after a copy) or optional copies (split each).
  private static func repetitionSize(of size: Int, minimum: Int, maximum: Int?) -> Int {
    guard let maximum else {
      return minimum == 0 ? add(size, 2) : add(multiply(minimum, size), 1)
    }
    return add(multiply(minimum, size), multiply(maximum - minimum, add(size, 1)))
  }

  private static func add(_ values: Int...) -> Int {
    var total = 0
    for value in values {
      let (sum, overflow) = total.addingReportingOverflow(value)
      total = overflow ? Int.max : sum
    }
    return total
  }

  private static func multiply(_ lhs: Int, _ rhs: Int) -> Int {
    let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
    return overflow ? Int.max : product
  }

  private func column(at position: Int) -> Int {
    position < columns.count ? columns[position] : (columns.last ?? 0) + 1
  }

  private func error(_ message: String, at position: Int) -> RegexSyntaxError {
    RegexSyntaxError(pattern: pattern, column: column(at: position), message: message)
  }

  private func braceError(at position: Int) -> RegexSyntaxError {
    error("'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal", at: position)
  }

  private func tooLarge(at position: Int) -> RegexSyntaxError {
    error(
      "the pattern expands to more than \(BoundedRegex.maximumProgramSize) instructions",
      at: position)
  }
}
