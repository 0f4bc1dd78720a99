/// Splits a condition expression into tokens, one at a time, tracking columns in Unicode
/// scalars.
///
/// Tokens: identifiers (`[A-Za-z_][A-Za-z0-9_]*`, ASCII only, case-sensitive), single-quoted
/// strings with the escapes `\'` and `\\` (any other backslash is kept as written, so regex
/// patterns such as `'\d+'` need no doubling), numbers, and
/// `== != < <= > >= && || ! ( ) [ ] , .`. Whitespace (space, tab, CR, LF) is free between
/// tokens and means nothing else.
///
/// The lexer reads Unicode scalars, never grapheme clusters: a string may start with a
/// combining mark (`'\u{301}x'`), which as a `Character` would fuse with the opening quote and
/// hide it. Columns count scalars too, as `JSONParseError` columns do, so a column points at
/// the same place whatever the text's combining marks or emoji sequences.
///
/// Numbers are strict decimals: `-?[0-9]+(\.[0-9]+)?`. A run that starts like a number but
/// is not one (`1e2`, `.5`, `5.`, `0x10`, `1_000`) is one malformed-number error rather
/// than several confusing tokens. This is stricter than `ConfigValueParser.number`, which
/// reads values rather than template syntax; everything accepted here is accepted there.
///
/// The lexer is lazy so that the first error reported is the first one in the text, and it
/// never looks more than two scalars ahead, so any input is lexed in linear time.
struct ExpressionLexer {
  private let scalars: String.UnicodeScalarView
  private let conditionName: String
  private var position: String.UnicodeScalarView.Index
  private var column = 1

  /// Creates a lexer at the start of `text`; errors name `conditionName`.
  init(_ text: String, conditionName: String) {
    self.scalars = text.unicodeScalars
    self.conditionName = conditionName
    self.position = scalars.startIndex
  }

  /// Every token up to and including `.end`.
  static func tokenize(
    _ text: String, conditionName: String = "test"
  ) throws(ConditionSyntaxError) -> [ExpressionToken] {
    var lexer = ExpressionLexer(text, conditionName: conditionName)
    var tokens: [ExpressionToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  /// The next token; `.end` (at column scalar count + 1) once the text is used up, and
  /// again on every later call.
  mutating func next() throws(ConditionSyntaxError) -> ExpressionToken {
    skipWhitespace()
    let start = column
    guard let scalar = peek() else { return ExpressionToken(kind: .end, column: start) }
    if scalar.isIdentifierStart { return ExpressionToken(kind: readIdentifier(), column: start) }
    if scalar.isDigit || scalar == "-" && Self.startsNumber(peek(offset: 1))
      || scalar == "." && (peek(offset: 1)?.isDigit ?? false)
    {
      return ExpressionToken(kind: try readNumber(), column: start)
    }
    advance()
    let kind: ExpressionToken.Kind
    switch scalar {
    case "'": kind = try readString(openingColumn: start)
    case "(": kind = .leftParen
    case ")": kind = .rightParen
    case "[": kind = .leftBracket
    case "]": kind = .rightBracket
    case ",": kind = .comma
    case ".": kind = .dot
    case "<": kind = take("=") ? .lessOrEqual : .less
    case ">": kind = take("=") ? .greaterOrEqual : .greater
    case "!": kind = take("=") ? .notEqual : .not
    case "=":
      guard take("=") else { throw error("'=' is not an operator; use '=='", at: start) }
      kind = .equal
    case "&":
      guard take("&") else { throw error("expected '&&'", at: start) }
      kind = .and
    case "|":
      guard take("|") else { throw error("unexpected character '|'", at: start) }
      kind = .or
    case "\"":
      throw error("strings are written in single quotes", at: start)
    default:
      throw error("unexpected character \(Self.describe(scalar))", at: start)
    }
    return ExpressionToken(kind: kind, column: start)
  }

  private mutating func readIdentifier() -> ExpressionToken.Kind {
    let start = position
    while let scalar = peek(), scalar.isIdentifierContinuation { advance() }
    return .identifier(String(scalars[start..<position]))
  }

  private mutating func readNumber() throws(ConditionSyntaxError) -> ExpressionToken.Kind {
    let start = position
    let startColumn = column
    if peek() == "-" { advance() }
    // Take the whole run of number-like characters so `1e2` is one error, not `1` and `e2`.
    while let scalar = peek(), scalar.isIdentifierContinuation || scalar == "." {
      advance()
    }
    let literal = String(scalars[start..<position])
    guard Self.isDecimal(literal) else {
      throw error(
        "malformed number \(ConditionSyntaxError.quoted(literal)): write digits with an"
          + " optional '-' and '.' and fraction, as in '-2.5'",
        at: startColumn)
    }
    return .number(literal)
  }

  /// Whether a `-` followed by `next` begins a number: a digit or `.` (`-.5` is then one
  /// malformed number).
  private static func startsNumber(_ next: Unicode.Scalar?) -> Bool {
    guard let next else { return false }
    return next.isDigit || next == "."
  }

  /// `-?[0-9]+(\.[0-9]+)?`
  private static func isDecimal(_ literal: String) -> Bool {
    var bytes = literal.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let integerDigits = bytes.prefix(while: isDigitByte)
    guard !integerDigits.isEmpty else { return false }
    bytes = bytes.dropFirst(integerDigits.count)
    guard let point = bytes.first else { return true }
    guard point == UInt8(ascii: ".") else { return false }
    let fraction = bytes.dropFirst()
    return !fraction.isEmpty && fraction.allSatisfy(isDigitByte)
  }

  private static func isDigitByte(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Reads the rest of a string whose opening quote is already consumed.
  private mutating func readString(
    openingColumn: Int
  ) throws(ConditionSyntaxError) -> ExpressionToken.Kind {
    var value = String.UnicodeScalarView()
    while let scalar = peek() {
      advance()
      switch scalar {
      case "'":
        return .string(String(value))
      case "\\":
        guard let escaped = peek() else { break }
        // Only a quote and a backslash are escapes; any other backslash stays, so a regex
        // such as '\d+\.' reaches the regex engine as written.
        if escaped == "'" || escaped == "\\" {
          advance()
          value.append(escaped)
        } else {
          value.append(scalar)
        }
      default:
        value.append(scalar)
      }
    }
    throw error("unterminated string: expected a closing \"'\"", at: openingColumn)
  }

  private mutating func skipWhitespace() {
    while let scalar = peek(), scalar.isExpressionWhitespace { advance() }
  }

  private func peek() -> Unicode.Scalar? {
    position < scalars.endIndex ? scalars[position] : nil
  }

  private func peek(offset: Int) -> Unicode.Scalar? {
    guard
      let index = scalars.index(position, offsetBy: offset, limitedBy: scalars.endIndex),
      index < scalars.endIndex
    else { return nil }
    return scalars[index]
  }

  private mutating func advance() {
    guard position < scalars.endIndex else { return }
    position = scalars.index(after: position)
    column += 1
  }

  /// Consumes `expected` if it comes next.
  private mutating func take(_ expected: Unicode.Scalar) -> Bool {
    guard peek() == expected else { return false }
    advance()
    return true
  }

  private func error(_ message: String, at column: Int) -> ConditionSyntaxError {
    ConditionSyntaxError(conditionName: conditionName, column: column, message: message)
  }

  /// `'#'` for a visible ASCII character, `U+0000` for an invisible or non-ASCII one, so a
  /// message shows exactly which scalar was rejected.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value > 0x20, scalar.value < 0x7F {
      return "'\(Character(scalar))'"
    }
    return ConditionSyntaxError.codePoint(scalar)
  }
}

extension Unicode.Scalar {
  fileprivate var isDigit: Bool {
    value >= 0x30 && value <= 0x39
  }

  fileprivate var isIdentifierStart: Bool {
    (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || value == 0x5F
  }

  fileprivate var isIdentifierContinuation: Bool { isIdentifierStart || isDigit }

  /// Space, tab, LF and CR.
  fileprivate var isExpressionWhitespace: Bool {
    self == " " || self == "\t" || self == "\n" || self == "\r"
  }
}
