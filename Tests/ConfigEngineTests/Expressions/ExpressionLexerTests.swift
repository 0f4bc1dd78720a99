@testable import ConfigEngine
import Testing

@Suite("ExpressionLexer")
struct ExpressionLexerTests {
  private typealias Token = ExpressionToken

  private func kinds(_ text: String) throws -> [ExpressionToken.Kind] {
    try ExpressionLexer.tokenize(text).map(\.kind)
  }

  @Test("an atom splits into identifiers, dots, an operator and a string, with their columns")
  func atomWithColumns() throws {
    #expect(
      try ExpressionLexer.tokenize("device.os == 'ios'") == [
        Token(kind: .identifier("device"), column: 1),
        Token(kind: .dot, column: 7),
        Token(kind: .identifier("os"), column: 8),
        Token(kind: .equal, column: 11),
        Token(kind: .string("ios"), column: 14),
        Token(kind: .end, column: 19),
      ])
  }

  @Test(
    "every operator and punctuation mark is one token",
    arguments: [
      ("==", ExpressionToken.Kind.equal), ("!=", .notEqual), ("<", .less),
      ("<=", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual), ("&&", .and),
      ("||", .or), ("!", .not), ("(", .leftParen), (")", .rightParen), ("[", .leftBracket),
      ("]", .rightBracket), (",", .comma), (".", .dot),
    ])
  func operators(text: String, kind: ExpressionToken.Kind) throws {
    #expect(try kinds(text) == [kind, .end])
  }

  @Test("operators need no spaces, and the longest operator wins")
  func packedOperators() throws {
    #expect(
      try kinds("a<=b>=c<d>e!=f==g&&h||!i") == [
        .identifier("a"), .lessOrEqual, .identifier("b"), .greaterOrEqual, .identifier("c"),
        .less, .identifier("d"), .greater, .identifier("e"), .notEqual, .identifier("f"),
        .equal, .identifier("g"), .and, .identifier("h"), .or, .not, .identifier("i"), .end,
      ])
  }

  @Test(
    "numbers are strict decimals kept exactly as written",
    arguments: ["0", "3", "10", "-2.5", "33.333333", "100.0000001", "007", "-0"])
  func numbers(text: String) throws {
    #expect(try kinds(text) == [.number(text), .end])
  }

  @Test("a number ends at an operator or a bracket")
  func numberBoundaries() throws {
    #expect(try kinds("3&&-4]") == [.number("3"), .and, .number("-4"), .rightBracket, .end])
    #expect(try kinds("1-2") == [.number("1"), .number("-2"), .end])
  }

  @Test(
    "a run that starts like a number but is not a strict decimal is one error at its start",
    arguments: [
      ("1e2", "'1e2'"), (".5", "'.5'"), ("5.", "'5.'"), ("0x10", "'0x10'"),
      ("1_000", "'1_000'"), ("1.2.3", "'1.2.3'"), ("-.5", "'-.5'"), ("3abc", "'3abc'"),
    ])
  func malformedNumbers(text: String, shown: String) {
    #expect(
      throws: ConditionSyntaxError(
        conditionName: "test", column: 3,
        message: "malformed number \(shown): write digits with an optional '-' and '.' and"
          + " fraction, as in '-2.5'")
    ) {
      try ExpressionLexer.tokenize("> " + text)
    }
  }

  @Test("identifiers are ASCII letters, digits and '_', case-sensitive, not starting with a digit")
  func identifiers() throws {
    #expect(
      try kinds("_a1 B2 customSignal firebaseInstallationId") == [
        .identifier("_a1"), .identifier("B2"), .identifier("customSignal"),
        .identifier("firebaseInstallationId"), .end,
      ])
  }

  @Test(
    "strings resolve the escapes \\' and \\\\ and keep every other backslash and character",
    arguments: [
      (#"'ios'"#, "ios"),
      (#"''"#, ""),
      (#"'it\'s'"#, "it's"),
      (#"'a\\b'"#, #"a\b"#),
      (#"'\\'"#, #"\"#),
      (#"'\'\''"#, "''"),
      (#"'a "quoted" b'"#, #"a "quoted" b"#),
      ("'東京 👨‍👩‍👧‍👦'", "東京 👨‍👩‍👧‍👦"),
      ("'line\nbreak'", "line\nbreak"),
      ("'&& || ( ] ,'", "&& || ( ] ,"),
      (#"'a\nb'"#, #"a\nb"#),
      (#"'^\d+\.\w*$'"#, #"^\d+\.\w*$"#),
      (#"'\\d'"#, #"\d"#),
      ("'a\\\u{0}'", "a\\\u{0}"),
    ])
  func strings(text: String, value: String) throws {
    #expect(try kinds(text) == [.string(value), .end])
  }

  @Test("whitespace (space, tab, CR, LF) separates tokens and counts one column per scalar")
  func whitespace() throws {
    #expect(
      try ExpressionLexer.tokenize(" \ttrue\r\n&&\rfalse\n") == [
        Token(kind: .identifier("true"), column: 3),
        Token(kind: .and, column: 9),
        Token(kind: .identifier("false"), column: 12),
        Token(kind: .end, column: 18),
      ])
  }

  @Test("columns count Unicode scalars: an emoji sequence is several, a combining mark is one")
  func columnsCountScalars() throws {
    #expect(
      try ExpressionLexer.tokenize("'👨‍👩‍👧‍👦é' == 'e\u{301}' x") == [
        Token(kind: .string("👨‍👩‍👧‍👦é"), column: 1),
        Token(kind: .equal, column: 12),
        Token(kind: .string("e\u{301}"), column: 15),
        Token(kind: .identifier("x"), column: 20),
        Token(kind: .end, column: 21),
      ])
  }

  @Test(
    "a string may start or end with a combining mark: the quotes never fuse with it",
    arguments: ["\u{301}x", "\u{301}", "x\u{301}", "\u{20DD}\u{301}", "\u{200D}👩", "\u{FE0F}"])
  func combiningMarksNextToQuotes(value: String) throws {
    #expect(try kinds("'\(value)'") == [.string(value), .end])
    #expect(
      try kinds("app.id == '\(value)' && true") == [
        .identifier("app"), .dot, .identifier("id"), .equal, .string(value), .and,
        .identifier("true"), .end,
      ])
  }

  @Test("a combining mark outside a string is one unexpected scalar at its own column")
  func combiningMarkOutsideString() {
    #expect(
      throws: ConditionSyntaxError(
        conditionName: "lexed", column: 6, message: "unexpected character U+0301")
    ) {
      try ExpressionLexer.tokenize("true \u{301}&& x", conditionName: "lexed")
    }
  }

  @Test("after the end the lexer keeps answering end at the same column")
  func endRepeats() throws {
    var lexer = ExpressionLexer("x", conditionName: "c")
    #expect(try lexer.next() == Token(kind: .identifier("x"), column: 1))
    #expect(try lexer.next() == Token(kind: .end, column: 2))
    #expect(try lexer.next() == Token(kind: .end, column: 2))
  }

  @Test(
    "bad characters and broken strings are errors at their column",
    arguments: [
      ("a # b", 3, "unexpected character '#'"),
      ("a | b", 3, "unexpected character '|'"),
      ("a & b", 3, "expected '&&'"),
      ("a = b", 3, "'=' is not an operator; use '=='"),
      ("a \"b\"", 3, "strings are written in single quotes"),
      ("a \u{0} b", 3, "unexpected character U+0000"),
      ("a é", 3, "unexpected character U+00E9"),
      ("é\u{301} b", 1, "unexpected character U+00E9"),
      ("a \u{3000}b", 3, "unexpected character U+3000"),
      ("'abc", 1, "unterminated string: expected a closing \"'\""),
      ("x 'abc\\'", 3, "unterminated string: expected a closing \"'\""),
      ("x 'abc\\", 3, "unterminated string: expected a closing \"'\""),
      ("- 1", 1, "unexpected character '-'"),
      ("+1", 1, "unexpected character '+'"),
    ])
  func errors(text: String, column: Int, message: String) {
    #expect(
      throws: ConditionSyntaxError(conditionName: "lexed", column: column, message: message)
    ) {
      try ExpressionLexer.tokenize(text, conditionName: "lexed")
    }
  }

  @Test("an error later in the text does not stop the tokens before it from being read")
  func lazyErrors() throws {
    var lexer = ExpressionLexer("true && #", conditionName: "c")
    #expect(try lexer.next().kind == .identifier("true"))
    #expect(try lexer.next().kind == .and)
    #expect(throws: ConditionSyntaxError.self) { try lexer.next() }
  }
}
