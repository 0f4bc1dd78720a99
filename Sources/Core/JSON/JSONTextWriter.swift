/// JSON text written as UTF-8 bytes into one growing buffer: how the package spells JSON
/// (`JSONValue.jsonText` and `prettyJSONText` are written with it) and what the tool's
/// JSON-lines commands fill, many lines to a buffer, before writing it out in one piece.
///
/// Strings are escaped on bytes: the quote, the backslash and the control characters
/// U+0000-U+001F and U+007F are escaped (`\n`, `\r`, `\t`, `\b`, `\f`, otherwise `\u00xx` in
/// lower-case hex); every other byte is copied. Those characters are all ASCII and UTF-8
/// never uses an ASCII byte inside a longer character, so escaping bytes spells a string
/// exactly as escaping its Unicode scalars one by one does, without decoding it.
package struct JSONTextWriter: Sendable {
  /// The text written so far.
  package var bytes: [UInt8]

  /// An empty writer whose buffer first holds `capacity` bytes without growing.
  package init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// An empty writer that writes into `buffer`'s memory (its bytes dropped), holding at least
  /// `capacity` bytes without growing: for a caller that reuses buffers once written out (and
  /// asks for the room to spare it wants).
  package init(reusing buffer: [UInt8], capacity: Int) {
    bytes = buffer
    bytes.removeAll(keepingCapacity: true)
    if bytes.capacity < capacity { bytes.reserveCapacity(capacity) }
  }

  /// The text written so far as a `String`.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is: punctuation, a literal, or text that is not JSON.
  package mutating func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends bytes as they are, e.g. a key's spelling made once.
  @inlinable
  package mutating func writeRaw(_ raw: [UInt8]) {
    bytes.append(contentsOf: raw)
  }

  /// Appends bytes as they are from a buffer of spellings made once.
  @inlinable
  package mutating func writeRaw(_ raw: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: raw)
  }

  /// Appends what `body` writes at the pointer it is given, at most `capacity` bytes, and
  /// returns how many it wrote: for a line put together from pieces made once, without a
  /// check of the buffer per piece. `body` must write no more than `capacity` bytes.
  package mutating func writeRaw(
    atMost capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    guard capacity > 0 else { return }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: capacity))
    let written = bytes.withUnsafeMutableBufferPointer { buffer in
      // Not empty: `capacity` bytes were just added.
      guard let base = buffer.baseAddress else { return 0 }
      return body(base + start)
    }
    precondition(written >= 0 && written <= capacity, "wrote outside the space asked for")
    bytes.removeLast(capacity - written)
  }

  /// Appends one byte as it is.
  @inlinable
  package mutating func writeByte(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `text` as a JSON string literal, quotes included.
  package mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    writeEscaped(text)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `texts` as a JSON array of strings.
  package mutating func writeStrings(_ texts: some Sequence<String>) {
    bytes.append(UInt8(ascii: "["))
    var first = true
    for text in texts {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      writeString(text)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Appends `text` escaped for a JSON string literal, without the quotes: for a literal
  /// whose start or end is written separately.
  package mutating func writeEscaped(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      // Copy runs of bytes that need no escape in one piece; most strings are one run.
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
        if runStart < index {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        }
        appendEscape(byte)
        runStart = index + 1
      }
      if runStart < utf8.count {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private mutating func appendEscape(_ byte: UInt8) {
    let backslash = UInt8(ascii: "\\")
    switch byte {
    case 0x22: bytes.append(contentsOf: [backslash, UInt8(ascii: "\"")])
    case 0x5C: bytes.append(contentsOf: [backslash, backslash])
    case 0x0A: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
    case 0x0D: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
    case 0x09: bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
    case 0x08: bytes.append(contentsOf: [backslash, UInt8(ascii: "b")])
    case 0x0C: bytes.append(contentsOf: [backslash, UInt8(ascii: "f")])
    default:
      bytes.append(contentsOf: [
        backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
        Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)],
      ])
    }
  }

  /// Appends `value` as compact JSON on one line: keys in their order, numbers as spelled.
  package mutating func write(_ value: JSONValue) {
    write(value, indent: nil, level: 0)
  }

  /// Appends `value` as JSON indented by `indent` per level, for files people read.
  package mutating func write(_ value: JSONValue, indent: String) {
    write(value, indent: indent, level: 0)
  }

  private mutating func write(_ value: JSONValue, indent: String?, level: Int) {
    switch value {
    case .null: writeRaw("null")
    case .bool(let flag): writeRaw(flag ? "true" : "false")
    case .number(let number): writeRaw(number.literal)
    case .string(let text): writeString(text)
    case .array(let elements):
      guard !elements.isEmpty else { return writeRaw("[]") }
      writeByte(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { writeByte(UInt8(ascii: ",")) }
        newline(indent: indent, level: level + 1)
        write(element, indent: indent, level: level + 1)
      }
      newline(indent: indent, level: level)
      writeByte(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else { return writeRaw("{}") }
      writeByte(UInt8(ascii: "{"))
      for (position, member) in object.enumerated() {
        if position > 0 { writeByte(UInt8(ascii: ",")) }
        newline(indent: indent, level: level + 1)
        writeString(member.key)
        writeRaw(indent == nil ? ":" : ": ")
        write(member.value, indent: indent, level: level + 1)
      }
      newline(indent: indent, level: level)
      writeByte(UInt8(ascii: "}"))
    }
  }

  private mutating func newline(indent: String?, level: Int) {
    guard let indent else { return }
    writeByte(UInt8(ascii: "\n"))
    for _ in 0..<level { writeRaw(indent) }
  }
}
