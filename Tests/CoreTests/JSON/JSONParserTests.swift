import Core
import Testing

@Suite("JSONParser")
struct JSONParserTests {
  @Test(
    "parses every kind of JSON value, fragments included",
    arguments: [
      ("null", JSONValue.null), ("true", true), ("false", false), ("0", 0), ("-12", -12),
      ("3.5", 3.5), ("1e2", 100), (#""hi""#, "hi"), ("[]", []), ("{}", [:]),
      (#" [1, "a", null, {"k": [true]}] "#, [1, "a", nil, ["k": [true]]]),
    ] as [(String, JSONValue)])
  func parsesValues(text: String, expected: JSONValue) throws {
    #expect(try JSONParser().parse(text) == expected)
  }

  @Test(
    "decodes string escapes and surrogate pairs",
    arguments: [
      (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
      (#""\u00e9\u3042""#, "éあ"), (#""\ud83d\ude00""#, "😀"), (#""日本語 👨‍👩‍👧""#, "日本語 👨‍👩‍👧"),
    ])
  func strings(text: String, expected: String) throws {
    #expect(try JSONParser().parse(text) == .string(expected))
  }

  @Test(
    "errors say what was expected, at which line and column",
    arguments: [
      ("", 1, 1, "expected a JSON value, found end of input"),
      ("{", 1, 2, "expected a string key, found end of input"),
      (#"{"a" 1}"#, 1, 6, #"expected ':' after object key "a", found '1'"#),
      ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, #"expected ':' after object key "b", found '2'"#),
      ("[1 2]", 1, 4, "expected ',' or ']' in array, found '2'"),
      ("[1,]", 1, 4, "expected a JSON value, found ']'"),
      (#"{"a":1,}"#, 1, 8, "expected a string key, found '}'"),
      ("01", 1, 2, "a number may not have a leading zero"),
      ("1.", 1, 3, "expected a digit after '.' in number"),
      ("-", 1, 2, "expected a digit in number"),
      ("1e+", 1, 4, "expected a digit in number exponent"),
      ("tru", 1, 1, "expected 'true'"),
      (#""abc"#, 1, 1, "unterminated string"),
      ("\"a\nb\"", 1, 3, "control character byte 0x0A in string; escape it"),
      (#""\x""#, 1, 3, #"invalid escape '\'x'' in string"#),
      (#""\u12""#, 1, 6, #"expected 4 hex digits after \u"#),
      (#""\ud800x""#, 1, 8, #"unpaired surrogate \ud800"#),
      (#""\udc00""#, 1, 8, #"unpaired surrogate \udc00"#),
      ("1 2", 1, 3, "unexpected '2' after the JSON value"),
      (#"{"a": 1, "a": 2}"#, 1, 10, #"duplicate key "a""#),
      ("[\"é\", x]", 1, 7, "expected a JSON value, found 'x'"),
      ("NaN", 1, 1, "expected a JSON value, found 'N'"),
    ])
  func errors(text: String, line: Int, column: Int, message: String) {
    #expect(throws: JSONParseError(line: line, column: column, message: message)) {
      try JSONParser().parse(text)
    }
  }

  @Test("invalid UTF-8 inside a string is an error, not a crash")
  func invalidUTF8() {
    let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
    #expect(throws: JSONParseError(line: 1, column: 2, message: "invalid UTF-8 in string")) {
      try JSONParser().parse(bytes)
    }
  }

  @Test("nesting is bounded, so deep input is an error instead of a stack overflow")
  func depthLimit() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser().parse(deep) }
    let ok = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    #expect(try JSONParser(maximumDepth: 10).parse(ok) != .null)
    #expect(throws: JSONParseError.self) { try JSONParser(maximumDepth: 9).parse(ok) }
  }

  @Test("duplicate keys can be allowed, the last value winning")
  func duplicateKeysAllowed() throws {
    let value = try JSONParser(allowsDuplicateKeys: true).parse(#"{"a": 1, "a": 2}"#)
    #expect(value == ["a": 2])
  }

  @Test("objects keep document order and numbers their spelling when written back")
  func roundTrip() throws {
    let text = #"{"z":1e3,"a":[0.50,-0,true,null],"m":{"":"\"\\\n\u0001é"}}"#
    let value = try JSONParser().parse(text)
    #expect(value.jsonText == text)
    #expect(value.objectValue?.keys == ["z", "a", "m"])
    #expect(try JSONParser().parse(value.jsonText) == value)
  }

  @Test("pretty text indents by two spaces and parses back to the same value")
  func pretty() throws {
    let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
    #expect(
      value.prettyJSONText == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
    #expect(try JSONParser().parse(value.prettyJSONText) == value)
  }

  @Test("numbers compare by value whatever their spelling")
  func numberEquality() throws {
    #expect(try JSONParser().parse("1.0") == JSONParser().parse("1"))
    #expect(JSONNumber(10.0).literal == "10")
    #expect(JSONNumber(0.25).literal == "0.25")
    #expect(JSONNumber(Double.infinity).literal == "0")
    #expect(JSONNumber(3).intValue == 3)
    #expect(JSONNumber(3.5).intValue == nil)
  }

  @Test("objects can be edited and keep insertion order")
  func objectEditing() {
    var object = JSONObject()
    object["b"] = 1
    object["a"] = 2
    object["b"] = 3
    #expect(object.keys == ["b", "a"])
    object["b"] = nil
    #expect(object.keys == ["a"])
    #expect(object.count == 1)
    #expect(Array(object.map(\.key)) == ["a"])
  }

  @Test(
    "recorded spans hold a member's value exactly as written, only along object paths",
    arguments: [
      (#"{"a": {"t":  {"x": [1, 2]} , "u": 1}}"#, ["a", "t"], #"  {"x": [1, 2]} "#),
      (#"{"a":{"t":"s"}}"#, ["a", "t"], #""s""#),
      (#"{"t": 1, "a": [{"t": 2}]}"#, ["t"], " 1"),
      (#"{"a": [{"t": 2}]}"#, ["a", "t"], nil),
      (#"{"b": {"t": 2}}"#, ["a", "t"], nil),
      ("\u{FEFF}" + #"{"a": {"t": 1}}"#, ["a", "t"], " 1"),
    ] as [(String, [String], String?)])
  func spans(document: String, path: [String], expected: String?) throws {
    let bytes = Array(document.utf8)
    let (value, spans) = try JSONParser().parse(bytes, recordingSpansOf: [path])
    #expect(value == (try JSONParser().parse(document)))
    #expect(spans[path].map { String(decoding: bytes[$0], as: UTF8.self) } == expected)
  }

  @Test(
    "a leading value is read whatever follows it, as a stream's first value; a cut one is an error",
    arguments: [
      (#" {"a": [1, {"b": "}"}]} ,{"next": "#, ["a": [1, ["b": "}"]]]),
      (#"{"a": 1}]"#, ["a": 1]), ("7 8", 7), (#"{"a": "#, nil), ("", nil),
    ] as [(String, JSONValue?)])
  func leadingValue(text: String, expected: JSONValue?) {
    #expect((try? JSONParser().parseLeadingValue(Array(text.utf8))) == expected)
  }
}
