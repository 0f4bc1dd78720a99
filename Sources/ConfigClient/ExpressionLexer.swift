/// Splits a condition expression into tokens, one at a time, tracking columns in characters.
///
/// Tokens: identifiers (`[A-Za-z_][A-Za-z0-9_]*`, ASCII only, case-sensitive), single-quoted
/// strings with the escapes `\'` and `\\` (any other backslash is kept as written, so regex
/// patterns such as `'\d+'` need no doubling), numbers, and
/// `== != < <= > >= && || ! ( ) [ ] , .`. Whitespace (space, tab, CR, LF) is free between
/// tokens and means nothing else.
///
/// Numbers are strict decimals: `-?[0-9]+(\.[0-9]+)?`. A run that starts like a number but
/// is not one (`1e2`, `.5`, `5.`, `0x10`, `1_000`) is one malformed-number error rather
/// than several confusing tokens. This is stricter than `ConfigValueParser.number`, which
/// reads values rather than template syntax; everything accepted here is accepted there.
///
/// The lexer is lazy so that the first error reported is the first one in the text, and it
/// never looks more than two characters ahead, so any input is lexed in linear time.
struct ExpressionLexer {
  private let text: String
  private let conditionName: String
  private var position: String.Index
  private var column = 1

  /// Creates a lexer at the start of `text`; errors name `conditionName`.
  init(_ text: String, conditionName: String) {
    self.text = text
    self.conditionName = conditionName
    self.position = text.startIndex
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

  /// The next token; `.end` (at column `text.count + 1`) once the text is used up, and
  /// again on every later call.
  mutating func next() throws(ConditionSyntaxError) -> ExpressionToken {
    skipWhitespace()
    let start = column
    guard let character = peek() else { return ExpressionToken(kind: .end, column: start) }
    if character.isIdentifierStart { return ExpressionToken(kind: readIdentifier(), column: start) }
    if character.isDigit || character == "-" && Self.startsNumber(peek(offset: 1))
      || character == "." && (peek(offset: 1)?.isDigit ?? false)
    {
      return ExpressionToken(kind: try readNumber(), column: start)
    }
    advance()
    let kind: ExpressionToken.Kind
    switch character {
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
      throw error("unexpected character \(Self.describe(character))", at: start)
    }
    return ExpressionToken(kind: kind, column: start)
  }

  private mutating func readIdentifier() -> ExpressionToken.Kind {
    let start = position
    while let character = peek(), character.isIdentifierContinuation { advance() }
    return .identifier(String(text[start..<position]))
  }

  private mutating func readNumber() throws(ConditionSyntaxError) -> ExpressionToken.Kind {
    let start = position
    let startColumn = column
    if peek() == "-" { advance() }
    // Take the whole run of number-like characters so `1e2` is one error, not `1` and `e2`.
    while let character = peek(), character.isIdentifierContinuation || character == "." {
      advance()
    }
    let literal = text[start..<position]
    guard Self.isDecimal(literal) else {
      throw error(
        "malformed number \(ConditionSyntaxError.quoted(literal)): write digits with an"
          + " optional '-' and '.' and fraction, as in '-2.5'",
        at: startColumn)
    }
    return .number(String(literal))
  }

  /// Whether a `-` followed by `next` begins a number: a digit or `.` (`-.5` is then one
  /// malformed number).
  private static func startsNumber(_ next: Character?) -> Bool {
    guard let next else { return false }
    return next.isDigit || next == "."
  }

  /// `-?[0-9]+(\.[0-9]+)?`
  private static func isDecimal(_ literal: Substring) -> Bool {
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
    var value = ""
    while let character = peek() {
      advance()
      switch character {
      case "'":
        return .string(value)
      case "\\":
        guard let escaped = peek() else { break }
        // Only a quote and a backslash are escapes; any other backslash stays, so a regex
        // such as '\d+\.' reaches the regex engine as written.
        if escaped == "'" || escaped == "\\" {
          advance()
          value.append(escaped)
        } else {
          value.append(character)
        }
      default:
        value.append(character)
      }
    }
    throw error("unterminated string: expected a closing \"'\"", at: openingColumn)
  }

  private mutating func skipWhitespace() {
    while let character = peek(), character.isExpressionWhitespace { advance() }
  }

  private func peek() -> Character? {
    position < text.endIndex ? text[position] : nil
  }

  private func peek(offset: Int) -> Character? {
    guard
      let index = text.index(position, offsetBy: offset, limitedBy: text.endIndex),
      index < text.endIndex
    else { return nil }
    return text[index]
  }

  private mutating func advance() {
    guard position < text.endIndex else { return }
    position = text.index(after: position)
    column += 1
  }

  /// Consumes `expected` if it comes next.
  private mutating func take(_ expected: Character) -> Bool {
    guard peek() == expected else { return false }
    advance()
    return true
  }

  private func error(_ message: String, at column: Int) -> ConditionSyntaxError {
    ConditionSyntaxError(conditionName: conditionName, column: column, message: message)
  }

  /// `'#'` for a visible character, `U+0000` for an invisible or non-ASCII one, so a message
  /// shows exactly which character was rejected.
  static func describe(_ character: Character) -> String {
    if let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F {
      return "'\(character)'"
    }
    return character.unicodeScalars.map(ConditionSyntaxError.codePoint).joined(separator: " ")
  }

}

extension Character {
  fileprivate var isDigit: Bool {
    guard let ascii = asciiValue else { return false }
    return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
  }

  fileprivate var isIdentifierStart: Bool {
    guard let ascii = asciiValue else { return false }
    return (ascii >= UInt8(ascii: "a") && ascii <= UInt8(ascii: "z"))
      || (ascii >= UInt8(ascii: "A") && ascii <= UInt8(ascii: "Z")) || ascii == UInt8(ascii: "_")
  }

  fileprivate var isIdentifierContinuation: Bool { isIdentifierStart || isDigit }

  /// Space, tab, LF, CR and CRLF (one `Character`).
  fileprivate var isExpressionWhitespace: Bool {
    self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n"
  }
}
