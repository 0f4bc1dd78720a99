/// A strict RFC 8259 JSON parser with positions in its errors.
///
/// Why not `JSONSerialization`: its number and Boolean bridging differs between Darwin and
/// Linux, it loses key order and literal spelling, and its errors carry no line or column.
/// Templates and tool input come from outside, so errors must say where, and nothing may
/// trap: nesting is bounded and every byte is checked.
package struct JSONParser: Sendable {
  /// The nesting a parser accepts unless told otherwise; templates are held to it.
  package static let defaultMaximumDepth = 512

  /// The deepest nesting of arrays and objects accepted.
  package var maximumDepth: Int
  /// Whether an object may repeat a key. Off by default: a repeated key in a template would
  /// silently drop a value, so it is an error that names the key.
  package var allowsDuplicateKeys: Bool

  /// A parser with the given limits.
  package init(maximumDepth: Int = defaultMaximumDepth, allowsDuplicateKeys: Bool = false) {
    self.maximumDepth = maximumDepth
    self.allowsDuplicateKeys = allowsDuplicateKeys
  }

  /// Parses a whole document: one JSON value (fragments such as `3` or `"a"` included)
  /// surrounded by optional whitespace, after an optional UTF-8 byte order mark.
  package func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(JSONParseError) in try parse(bytes) }
    }
    return try result.get()
  }

  /// Parses a whole document from UTF-8 bytes.
  package func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable {
      buffer in
      Result { () throws(JSONParseError) in try parse(buffer) }
    }
    if let result { return try result.get() }
    let copy = Array(bytes)
    let copied = copy.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try parse(buffer) }
    }
    return try copied.get()
  }

  /// Parses the JSON value at the start of `bytes` (after any whitespace) and ignores what
  /// follows it: the first value of a stream, such as the first element of an array that a
  /// streaming answer has not closed yet.
  package func parseLeadingValue(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in
        var reader = JSONReader(bytes: buffer, options: self, recording: [])
        reader.skipWhitespace()
        return try reader.readValue(depth: 0)
      }
    }
    return try result.get()
  }

  /// Parses a whole document from UTF-8 bytes and says where the values of some object
  /// members lie in `bytes`: for each member path asked for (keys from the root, e.g.
  /// `["active", "template"]`), the bytes from just after the member's colon to just before
  /// the `,` or `}` that ends it, whitespace included. Lets a reader keep a nested document
  /// exactly as written, as the client's state file does with the templates spliced into it.
  package func parse(
    _ bytes: [UInt8], recordingSpansOf paths: Set<[String]>
  ) throws(JSONParseError) -> (value: JSONValue, spans: [[String]: Range<Int>]) {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try parse(buffer, recording: paths) }
    }
    return try result.get()
  }

  private func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    try parse(buffer, recording: []).value
  }

  private func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, recording paths: Set<[String]>
  ) throws(JSONParseError) -> (value: JSONValue, spans: [[String]: Range<Int>]) {
    // A UTF-8 byte order mark (EF BB BF), which some editors write at the start of a file, is
    // not part of the document: skip it here, once for every JSON input, so positions in
    // errors count from the first character after it.
    let bomLength = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let body = UnsafeBufferPointer(rebasing: buffer[bomLength...])
    var reader = JSONReader(bytes: body, options: self, recording: paths)
    reader.skipWhitespace()
    let value = try reader.readValue(depth: 0)
    reader.skipWhitespace()
    guard reader.isAtEnd else {
      throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value")
    }
    // Spans are positions in `buffer`, the bytes the caller gave, mark included.
    return (
      value, reader.spans.mapValues { ($0.lowerBound + bomLength)..<($0.upperBound + bomLength) }
    )
  }
}

/// The cursor over one document's bytes, behind `JSONParser`.
private struct JSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let options: JSONParser
  var index = 0
  /// The member paths whose value spans are recorded; empty (the common case) costs nothing
  /// per member beyond one check.
  let recordedPaths: Set<[String]>
  /// The keys from the root to the object being read, kept only while recording.
  var path: [String] = []
  /// Arrays open around the current value while recording: paths name object members only,
  /// so nothing inside an array is recorded.
  var openArrays = 0
  /// The spans recorded so far.
  var spans: [[String]: Range<Int>] = [:]

  init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParser, recording paths: Set<[String]>) {
    self.bytes = bytes
    self.options = options
    self.recordedPaths = paths
  }

  var isAtEnd: Bool { index >= bytes.count }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      index += 1
    }
  }

  func describeCurrent() -> String {
    guard let byte = current else { return "end of input" }
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return hexDescription(byte)
  }

  func hexDescription(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
  }

  /// An error at the current position (or at `offset`).
  func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
    let target = min(offset ?? index, bytes.count)
    var line = 1
    var column = 1
    var position = 0
    while position < target {
      let byte = bytes[position]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
    return JSONParseError(line: line, column: column, message: message)
  }

  mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard let byte = current else { throw error("expected a JSON value, found end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
    case UInt8(ascii: "["): return try readArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try readLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
    default: throw error("expected a JSON value, found \(describeCurrent())")
    }
  }

  mutating func readLiteral(_ word: StaticString) throws(JSONParseError) {
    let start = index
    let expected = word.utf8Start
    for offset in 0..<word.utf8CodeUnitCount {
      guard current == expected[offset] else {
        throw error("expected '\(word)'", at: start)
      }
      index += 1
    }
  }

  mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= options.maximumDepth else {
      throw error("nesting deeper than \(options.maximumDepth) levels")
    }
    index += 1  // {
    var object = JSONObject()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw error("expected a string key, found \(describeCurrent())")
      }
      let keyOffset = index
      let key = try readString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error(
          "expected ':' after object key \"\(Excerpt.of(key))\", found \(describeCurrent())")
      }
      index += 1
      let valueStart = index
      skipWhitespace()
      let value: JSONValue
      if recordedPaths.isEmpty {
        value = try readValue(depth: depth)
      } else {
        path.append(key)
        value = try readValue(depth: depth)
        skipWhitespace()
        if openArrays == 0, recordedPaths.contains(path) { spans[path] = valueStart..<index }
        path.removeLast()
      }
      if object.updateValue(value, forKey: key) != nil, !options.allowsDuplicateKeys {
        throw error("duplicate key \"\(key)\"", at: keyOffset)
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(object)
      default: throw error("expected ',' or '}' in object, found \(describeCurrent())")
      }
    }
  }

  mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= options.maximumDepth else {
      throw error("nesting deeper than \(options.maximumDepth) levels")
    }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    if !recordedPaths.isEmpty { openArrays += 1 }
    defer { if !recordedPaths.isEmpty { openArrays -= 1 } }
    while true {
      skipWhitespace()
      elements.append(try readValue(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw error("expected ',' or ']' in array, found \(describeCurrent())")
      }
    }
  }

  mutating func readNumber() throws(JSONParseError) -> JSONNumber {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, isDigit(first) else {
      throw error("expected a digit in number")
    }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = current, isDigit(next) {
        throw error("a number may not have a leading zero")
      }
    } else {
      skipDigits()
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard let next = current, isDigit(next) else {
        throw error("expected a digit after '.' in number")
      }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let next = current, isDigit(next) else {
        throw error("expected a digit in number exponent")
      }
      skipDigits()
    }
    let literal = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return JSONNumber(validatedLiteral: literal)
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  mutating func skipDigits() {
    while let byte = current, isDigit(byte) { index += 1 }
  }

  mutating func readString() throws(JSONParseError) -> String {
    let open = index
    index += 1  // opening quote
    let start = index
    // Fast path: no escapes, so the bytes are the string once UTF-8 is validated.
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
      guard byte >= 0x20 else {
        throw error("control character \(hexDescription(byte)) in string; escape it")
      }
      index += 1
    }
    guard let stop = current else { throw error("unterminated string", at: open) }
    if stop == UInt8(ascii: "\"") {
      let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
      guard let text = String(validating: slice, as: UTF8.self) else {
        throw error("invalid UTF-8 in string", at: start)
      }
      index += 1
      return text
    }
    var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while true {
      guard let byte = current else { throw error("unterminated string", at: open) }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: scratch, as: UTF8.self) else {
          throw error("invalid UTF-8 in string", at: start)
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        try readEscape(into: &scratch)
      case 0..<0x20:
        throw error("control character \(hexDescription(byte)) in string; escape it")
      default:
        scratch.append(byte)
        index += 1
      }
    }
  }

  mutating func readEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
    guard let byte = current else { throw error("unterminated escape in string") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try readHex4())
      if (0xD800...0xDBFF).contains(scalar) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("unpaired surrogate \\u\(String(scalar, radix: 16))") }
        index += 2
        let low = UInt32(try readHex4())
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("unpaired surrogate \\u\(String(scalar, radix: 16))")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw error("unpaired surrogate \\u\(String(scalar, radix: 16))")
      }
      guard let unicode = Unicode.Scalar(scalar) else {
        throw error("invalid Unicode escape")
      }
      scratch.append(contentsOf: UTF8.encode(unicode) ?? UTF8.EncodedScalar())
    default:
      index -= 1
      throw error("invalid escape '\\\(describeCurrent())' in string")
    }
  }

  mutating func readHex4() throws(JSONParseError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error("expected 4 hex digits after \\u") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected 4 hex digits after \\u")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }
}
