extension JSONValue {
  /// The value as compact JSON text on one line (`{"a":[1,2]}`): what the tool prints, one
  /// object per line. Keys keep their order; numbers keep their literal spelling.
  public var jsonText: String {
    var output = ""
    write(to: &output, indent: nil, level: 0)
    return output
  }

  /// The value as JSON text indented by two spaces per level, for files people read.
  public var prettyJSONText: String {
    var output = ""
    write(to: &output, indent: "  ", level: 0)
    return output
  }

  private func write(to output: inout String, indent: String?, level: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let number): output += number.literal
    case .string(let text): Self.writeString(text, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += "," }
        Self.newline(&output, indent: indent, level: level + 1)
        element.write(to: &output, indent: indent, level: level + 1)
      }
      Self.newline(&output, indent: indent, level: level)
      output += "]"
    case .object(let object):
      guard !object.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (position, member) in object.enumerated() {
        if position > 0 { output += "," }
        Self.newline(&output, indent: indent, level: level + 1)
        Self.writeString(member.key, to: &output)
        output += indent == nil ? ":" : ": "
        member.value.write(to: &output, indent: indent, level: level + 1)
      }
      Self.newline(&output, indent: indent, level: level)
      output += "}"
    }
  }

  private static func newline(_ output: inout String, indent: String?, level: Int) {
    guard let indent else { return }
    output += "\n"
    for _ in 0..<level { output += indent }
  }

  /// Writes a string literal: quotes, backslashes and control characters escaped, every
  /// other character (non-ASCII included) as itself.
  private static func writeString(_ text: String, to output: inout String) {
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
