import Core
import Testing

@Suite("JSONTextWriter")
struct JSONTextWriterTests {
  /// The writer the package had before `JSONTextWriter`, kept verbatim as the reference the
  /// byte writer must match: it escaped a string one Unicode scalar at a time.
  enum ScalarReference {
    static func text(_ value: JSONValue, indent: String?) -> String {
      var output = ""
      write(value, to: &output, indent: indent, level: 0)
      return output
    }

    static func write(_ value: JSONValue, to output: inout String, indent: String?, level: Int) {
      switch value {
      case .null: output += "null"
      case .bool(let value): output += value ? "true" : "false"
      case .number(let number): output += number.literal
      case .string(let text): writeString(text, to: &output)
      case .array(let elements):
        guard !elements.isEmpty else {
          output += "[]"
          return
        }
        output += "["
        for (position, element) in elements.enumerated() {
          if position > 0 { output += "," }
          newline(&output, indent: indent, level: level + 1)
          write(element, to: &output, indent: indent, level: level + 1)
        }
        newline(&output, indent: indent, level: level)
        output += "]"
      case .object(let object):
        guard !object.isEmpty else {
          output += "{}"
          return
        }
        output += "{"
        for (position, member) in object.enumerated() {
          if position > 0 { output += "," }
          newline(&output, indent: indent, level: level + 1)
          writeString(member.key, to: &output)
          output += indent == nil ? ":" : ": "
          write(member.value, to: &output, indent: indent, level: level + 1)
        }
        newline(&output, indent: indent, level: level)
        output += "}"
      }
    }

    static func newline(_ output: inout String, indent: String?, level: Int) {
      guard let indent else { return }
      output += "\n"
      for _ in 0..<level { output += indent }
    }

    static func writeString(_ text: String, to output: inout String) {
      output += "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{08}": output += "\\b"
        case "\u{0C}": output += "\\f"
        case "\u{00}"..."\u{1F}", "\u{7F}":
          let hex = String(scalar.value, radix: 16, uppercase: false)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: output.unicodeScalars.append(scalar)
        }
      }
      output += "\""
    }
  }

  /// Strings of every kind the escaper meets: each ASCII character alone and amid text,
  /// multi-byte characters next to escapes, and random mixtures.
  static let strings: [String] = {
    var strings = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    strings += (0..<0x80).map { "é\(String(UnicodeScalar(UInt8($0))))日本\u{7F}" }
    strings += [
      "", "plain", "\u{2028}\u{2029}", "👨‍👩‍👧‍👦 family", "e\u{301}", "\u{FEFF}mark", "\u{202E}rtl",
      "\u{10FFFF}\u{0}\u{1F}", String(repeating: "long \"quoted\" \\ text\n", count: 500),
    ]
    var random = SeededRandomGenerator(seed: 12)
    let pieces = [
      "a", "Z", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1B}", "\u{7F}", "é",
      "日", "🚀", "\u{301}", "\u{80}", "\u{9F}", "\u{FFFD}", "/", " ",
    ]
    for _ in 0..<300 {
      let count = Int.random(in: 0...40, using: &random)
      strings.append((0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
    }
    return strings
  }()

  @Test("strings are escaped on bytes exactly as the scalar writer escaped them")
  func stringsMatchTheScalarWriter() {
    for text in Self.strings {
      var writer = JSONTextWriter()
      writer.writeString(text)
      #expect(
        writer.text == ScalarReference.text(.string(text), indent: nil), "\(text.debugDescription)")
    }
  }

  @Test("compact and indented documents match the scalar writer, keys in order")
  func documentsMatchTheScalarWriter() throws {
    var random = SeededRandomGenerator(seed: 7)
    func value(depth: Int) -> JSONValue {
      let text = Self.strings.randomElement(using: &random) ?? ""
      switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
      case 0: return .null
      case 1: return .bool(Bool.random(using: &random))
      case 2: return .number(JSONNumber(validatedLiteral: ["0", "-1.50", "1e3", "12"][depth % 4]))
      case 3: return .string(text)
      case 4:
        return .array(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1) })
      default:
        return .object(
          JSONObject(
            (0..<Int.random(in: 0...3, using: &random)).map { index in
              (
                "\(index)\(Self.strings.randomElement(using: &random) ?? "")",
                value(depth: depth + 1)
              )
            }))
      }
    }
    for _ in 0..<300 {
      let document = value(depth: 0)
      #expect(document.jsonText == ScalarReference.text(document, indent: nil))
      #expect(document.prettyJSONText == ScalarReference.text(document, indent: "  "))
      #expect(try JSONParser().parse(document.jsonText) == document)
    }
  }

  @Test(
    "control characters have their short escapes or lower-case \\u00xx",
    arguments: [
      ("\u{0}", #""\u0000""#), ("\u{1F}", #""\u001f""#), ("\u{7F}", #""\u007f""#),
      ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#), ("a\"b\\c/", #""a\"b\\c/""#),
      ("\u{80}é", "\"\u{80}é\""),
    ])
  func escapes(text: String, expected: String) {
    var writer = JSONTextWriter()
    writer.writeString(text)
    #expect(writer.text == expected)
  }

  @Test("raw text, bytes and escaped pieces append in order to one buffer")
  func appendsInOrder() {
    var writer = JSONTextWriter(capacity: 64)
    writer.writeRaw("{")
    writer.writeRaw(Array(#""k":""#.utf8))
    writer.writeEscaped("a\"b")
    writer.writeByte(UInt8(ascii: "\""))
    writer.writeRaw("}")
    #expect(writer.text == #"{"k":"a\"b"}"#)
  }

  @Test("bytes written in place keep what came before and leave nothing past what was written")
  func writesInPlace() {
    var writer = JSONTextWriter()
    writer.writeRaw("[")
    for count in [0, 3, 1] {
      writer.writeRaw(atMost: 8) { start in
        for offset in 0..<count { start[offset] = UInt8(ascii: "a") + UInt8(offset) }
        return count
      }
    }
    writer.writeRaw(atMost: 0) { _ in 0 }
    writer.writeRaw("]")
    #expect(writer.text == "[abca]")
  }
}
