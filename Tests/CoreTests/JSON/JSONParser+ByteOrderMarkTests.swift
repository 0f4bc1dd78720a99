import Core
import Testing

extension JSONParserTests {
  @Test(
    "a UTF-8 byte order mark before the document is skipped, from bytes and from text",
    arguments: [
      ("{\"a\": [1, \"x\"]}", ["a": [1, "x"]] as JSONValue), ("  3", 3), ("\"s\"", "s"),
      ("null", nil),
    ] as [(String, JSONValue)])
  func byteOrderMark(document: String, expected: JSONValue) throws {
    #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array(document.utf8)) == expected)
    #expect(try JSONParser().parse("\u{FEFF}" + document) == expected)
  }

  @Test("error columns after a byte order mark count from the first character after it")
  func byteOrderMarkColumns() {
    #expect(
      throws: JSONParseError(
        line: 1, column: 6, message: "expected ':' after object key \"a\", found '1'")
    ) {
      try JSONParser().parse("\u{FEFF}{\"a\" 1}")
    }
  }

  @Test(
    "only one mark and only at the start: a second one, a lone one or one inside is an error",
    arguments: ["\u{FEFF}\u{FEFF}{}", "\u{FEFF}", "{}\u{FEFF}", " \u{FEFF}{}", "[\u{FEFF}1]"])
  func misplacedByteOrderMark(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
  }

  @Test("a string value keeps a leading U+FEFF: only the document's first bytes are skipped")
  func byteOrderMarkInsideString() throws {
    #expect(try JSONParser().parse("\"\u{FEFF}x\"") == .string("\u{FEFF}x"))
  }
}
