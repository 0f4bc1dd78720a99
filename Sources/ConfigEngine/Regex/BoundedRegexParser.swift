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

  /// The pattern as written, for error messages.
  let pattern: String
  /// The pattern's characters, except that a CR LF pair counts as two, as in the input.
  var characters: [Character] = []
  /// The 1-based column of each entry of `characters`.
  var columns: [Int] = []
  /// The position in `characters` the parser has reached.
  var index = 0
  private var groupNames: Set<String> = []
  private(set) var isCaseInsensitive = false

  /// The largest size a node may have: the whole program also needs its `match`.
  var maximumNodeSize: Int { BoundedRegex.maximumProgramSize - 1 }

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

  // MARK: - Sizes and errors

  /// Sizes add up saturating at `Int.max`, so a pattern too large to compile is rejected for
  /// its size instead of trapping on overflow.
  static func add(_ values: Int...) -> Int {
    var total = 0
    for value in values {
      let (sum, overflow) = total.addingReportingOverflow(value)
      total = overflow ? Int.max : sum
    }
    return total
  }

  /// A saturating product, like `add`.
  static func multiply(_ lhs: Int, _ rhs: Int) -> Int {
    let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
    return overflow ? Int.max : product
  }

  func column(at position: Int) -> Int {
    position < columns.count ? columns[position] : (columns.last ?? 0) + 1
  }

  func error(_ message: String, at position: Int) -> RegexSyntaxError {
    RegexSyntaxError(pattern: pattern, column: column(at: position), message: message)
  }

  func braceError(at position: Int) -> RegexSyntaxError {
    error("'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal", at: position)
  }

  func tooLarge(at position: Int) -> RegexSyntaxError {
    error(
      "the pattern expands to more than \(BoundedRegex.maximumProgramSize) instructions",
      at: position)
  }
}
