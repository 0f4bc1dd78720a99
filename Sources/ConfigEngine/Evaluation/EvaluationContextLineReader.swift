import Core
import Foundation

/// Reads one line of the tool's context JSON straight from its bytes into an
/// `EvaluationContext`, without building a `JSONObject` on the way: what `switchyard evaluate`
/// does for each of many context lines.
///
/// It reads the common shape only and gives nil for anything else, leaving the line to
/// `JSONParser` and `EvaluationContext(json:)`, which read it or say what is wrong. So a
/// context it reads is the one they read, and every error stays theirs. It declines a byte
/// order mark, escapes, control characters or text that is not UTF-8 in strings, unknown or
/// repeated fields and keys, a value of a kind its field does not take, a time that does not
/// parse, and anything after the object.
package struct EvaluationContextLineReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The context `bytes` hold, or nil when the line is not of the common shape (bad or not).
  package static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> EvaluationContext? {
    var reader = Self(bytes)
    return reader.readContext()
  }

  /// The fields' names, as bytes, in `ContextField.all`'s order: a field is its index there,
  /// and a bit of that index marks it read, to refuse a repeated one.
  private static let names: [[UInt8]] = ContextField.all.map { Array($0.name.utf8) }

  private mutating func readContext() -> EvaluationContext? {
    skipWhitespace()
    guard take(UInt8(ascii: "{")) else { return nil }
    var context = EvaluationContext()
    var seen: UInt32 = 0
    let closed = readMembers { reader in
      guard let field = reader.readField() else { return false }
      let bit: UInt32 = 1 << field
      guard seen & bit == 0 else { return false }
      seen |= bit
      return reader.readValue(of: field, into: &context)
    }
    guard closed else { return nil }
    skipWhitespace()
    return index == bytes.count ? context : nil
  }

  /// Reads `field`'s value into `context`; false when it is not of the kind the field takes.
  private mutating func readValue(of field: Int, into context: inout EvaluationContext) -> Bool {
    switch ContextField.all[field].value {
    case .text(let path): return readString(into: &context[keyPath: path])
    case .instant(let path): return readTime(into: &context[keyPath: path])
    case .customSignals:
      guard take(UInt8(ascii: "{")) else { return false }
      // Room for a typical context's signals, so the table is not grown signal by signal.
      context.customSignals.reserveCapacity(8)
      return readMembers { reader in
        guard let key = reader.readKey() else { return false }
        let value: CustomSignalValue
        if reader.current == UInt8(ascii: "\"") {
          guard let text = reader.readString() else { return false }
          value = .string(text)
        } else {
          guard let number = reader.readNumber() else { return false }
          value = .number(number)
        }
        return context.customSignals.updateValue(value, forKey: key) == nil
      }
    case .userProperties:
      guard take(UInt8(ascii: "{")) else { return false }
      return readMembers { reader in
        guard let key = reader.readKey(), let text = reader.readString() else { return false }
        return context.userProperties.updateValue(text, forKey: key) == nil
      }
    case .audiences:
      guard take(UInt8(ascii: "[")) else { return false }
      var names: Set<String> = []
      skipWhitespace()
      if !take(UInt8(ascii: "]")) {
        repeat {
          skipWhitespace()
          guard let name = readString() else { return false }
          names.insert(name)
          skipWhitespace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { return false }
      }
      context.audiences = names
      return true
    }
  }

  /// Reads an object's members up to its closing brace, the opening one read: `member` reads
  /// each from its key to its value. False when a member fails or the punctuation is wrong.
  private mutating func readMembers(_ member: (inout Self) -> Bool) -> Bool {
    skipWhitespace()
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      skipWhitespace()
      guard member(&self) else { return false }
      skipWhitespace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// A key and its colon, as the index of a field this reader knows.
  private mutating func readField() -> Int? {
    guard let key = readStringBytes(), key.isASCII else { return nil }
    let spelled = UnsafeBufferPointer(rebasing: bytes[key.range])
    guard let field = Self.names.firstIndex(where: { $0.elementsEqual(spelled) }) else {
      return nil
    }
    return readColon() ? field : nil
  }

  /// A key and its colon.
  private mutating func readKey() -> String? {
    guard let key = readString(), readColon() else { return nil }
    return key
  }

  private mutating func readColon() -> Bool {
    skipWhitespace()
    guard take(UInt8(ascii: ":")) else { return false }
    skipWhitespace()
    return true
  }

  private mutating func readString(into field: inout String?) -> Bool {
    guard let text = readString() else { return false }
    field = text
    return true
  }

  private mutating func readTime(into field: inout Date?) -> Bool {
    guard let text = readString(), let time = try? Timestamp.parse(text) else { return false }
    field = time
    return true
  }

  /// A string without escapes, as `JSONParser` reads it.
  private mutating func readString() -> String? {
    guard let string = readStringBytes() else { return nil }
    let slice = UnsafeBufferPointer(rebasing: bytes[string.range])
    return string.isASCII
      ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
  }

  /// Where a string without escapes or control characters lies, between its quotes, and
  /// whether it is all ASCII.
  private mutating func readStringBytes() -> (range: Range<Int>, isASCII: Bool)? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    var high: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return (start..<(index - 1), high < 0x80)
      }
      guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
      high |= byte
      index += 1
    }
    return nil
  }

  /// A number in JSON's grammar, with its literal spelling kept, as `JSONParser` reads it.
  private mutating func readNumber() -> JSONNumber? {
    let start = index
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
      if isDigit(current) { return nil }
    } else {
      guard skipDigits() else { return nil }
    }
    if take(UInt8(ascii: ".")) {
      guard skipDigits() else { return nil }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard skipDigits() else { return nil }
    }
    let literal = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return JSONNumber(validatedLiteral: literal)
  }

  /// Skips one or more digits; false when there is none.
  private mutating func skipDigits() -> Bool {
    let start = index
    while isDigit(current) { index += 1 }
    return index > start
  }

  private func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// Steps over `byte` when it is next.
  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }
}
