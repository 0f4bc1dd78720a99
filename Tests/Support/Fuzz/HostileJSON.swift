package import Core

/// Values and byte fragments that have broken JSON readers before: numbers no type holds,
/// nesting past the parser's limit, strings with line breaks, bidirectional controls,
/// combining marks and byte order marks, and sizes where messages must be cut.
package enum HostileJSON {
  /// Number literals at and past the edges of `Int`, `Double` and micro-percents.
  package static let numberLiterals = [
    "0", "-0", "1", "-1", "0.5", "1.5", "100", "100000000", "100000001", "-100000001",
    "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "1e14", "1e15", "1e308", "1e309", "1e999", "-1e999", "1E-400", "4.9e-324",
    "123456789012345678901234567890123456789012345678901234567890",
    "0." + String(repeating: "0", count: 400) + "1",
    "1" + String(repeating: "0", count: 400),
  ]

  /// Strings a message might repeat: every kind of invisible, line-breaking, reordering and
  /// multi-scalar character, and a few long ones.
  package static let strings = [
    "", " ", "a", "ios", "paid", "名前", "é", "e\u{301}", "\u{301}x", "'", "\\", "\"", "a'b",
    "new\nline", "cr\rlf", "tab\t", "nul\u{0}", "esc\u{1B}[31m", "\u{7F}", "\u{85}",
    "\u{2028}", "\u{202E}dlrow", "\u{2066}iso", "\u{FEFF}bom", "👨‍👩‍👧‍👦", "🇯🇵",
    String(repeating: "\u{301}", count: 2_000), String(repeating: "k", count: 300),
    String(repeating: "long value ", count: 1_000),
  ]

  /// Strings that are awkward but print as they are: what a message may repeat verbatim.
  package static let plainStrings = [
    "", " ", "a", "ios", "paid", "名前", "é", "e\u{301}", "'", "\\", "\"", "a'b", "👨‍👩‍👧‍👦", "🇯🇵",
  ]

  /// `strings` when `hostileText`, else `plainStrings`.
  package static func strings(hostileText: Bool) -> [String] {
    hostileText ? strings : plainStrings
  }

  /// A number from a literal in JSON's grammar.
  package static func number(_ literal: String) -> JSONValue {
    (try? JSONParser().parse(literal)) ?? .null
  }

  /// `value` inside `depth` arrays or objects: 511 still parses, 512 and more do not (the
  /// template or file that holds it adds levels of its own).
  package static func nested(_ value: JSONValue, depth: Int, inObjects: Bool) -> JSONValue {
    var result = value
    for _ in 0..<depth {
      result = inObjects ? .object(JSONObject([("a", result)])) : .array([result])
    }
    return result
  }

  /// A replacement for one JSON value: the wrong kind, an edge number, a hostile string, or
  /// the value itself nested close to or past the parser's limit.
  package static func replacement(
    for value: JSONValue, hostileText: Bool = true, random: inout SeededRandomGenerator
  ) -> JSONValue {
    switch random.below(10) {
    case 0: return .null
    case 1: return .bool(random.chance(50))
    case 2: return .array([])
    case 3: return .object(JSONObject())
    case 4, 5: return number(random.pick(numberLiterals))
    case 6, 7: return .string(random.pick(strings(hostileText: hostileText)))
    case 8:
      return nested(value, depth: 490 + random.below(30), inObjects: random.chance(50))
    default:
      // A small object with an unknown member beside what was there.
      var object = value.objectValue ?? JSONObject([("value", value)])
      object[random.pick(["unknown", "x-future", "true", "value", "name"])] = .bool(true)
      return .object(object)
    }
  }

  /// `document` with one randomly chosen value (at any depth) replaced, removed or given a
  /// sibling: structured damage that keeps the rest of the document valid JSON.
  package static func mutate(
    _ document: JSONValue, hostileText: Bool = true, random: inout SeededRandomGenerator
  ) -> JSONValue {
    switch document {
    case .object(let object) where !object.isEmpty && !random.chance(20):
      let key = random.pick(object.keys)
      var copy = object
      switch random.below(8) {
      case 0: copy[key] = nil
      case 1: copy[random.pick(strings(hostileText: hostileText)) + "_extra"] = .bool(true)
      default:
        guard let child = object[key] else { return document }
        copy[key] = mutate(child, hostileText: hostileText, random: &random)
      }
      return .object(copy)
    case .array(let elements) where !elements.isEmpty && !random.chance(20):
      var copy = elements
      let index = random.below(elements.count)
      switch random.below(8) {
      case 0: copy.remove(at: index)
      case 1: copy.insert(copy[index], at: index)
      default: copy[index] = mutate(elements[index], hostileText: hostileText, random: &random)
      }
      return .array(copy)
    default:
      return replacement(for: document, hostileText: hostileText, random: &random)
    }
  }
}

/// Damage to raw bytes: a cut-off write, a flipped bit, a pasted or repeated fragment, a
/// stray token, a byte order mark; none needs the input to be JSON.
package enum ByteMutator {
  /// Fragments that mean something to a JSON reader, or to a UTF-8 decoder.
  package static let tokens: [[UInt8]] =
    [
      "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", "null",
      "true", "false", "-", "1e999", "-0", "9223372036854775808", "{}", "[]", "\"\":",
      "\"a\":1,", "\u{FEFF}", "\u{202E}", "\u{301}", "\n", "\r\n", "\t",
      String(repeating: "[", count: 600), String(repeating: "{\"a\":", count: 600),
    ].map { Array($0.utf8) } + [[0x00], [0xFF], [0x80], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80]]

  /// Bytes a single-byte overwrite uses.
  package static let interestingBytes: [UInt8] = [
    0x00, 0x01, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x30, 0x39, 0x3A, 0x5B, 0x5C, 0x5D, 0x65,
    0x7B, 0x7D, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xEF, 0xF0, 0xF8, 0xFF,
  ]

  /// `input` with one to four random mutations; `donors` supply spliced fragments.
  package static func mutate(
    _ input: [UInt8], donors: [[UInt8]], random: inout SeededRandomGenerator
  ) -> [UInt8] {
    var bytes = input
    for _ in 0..<(1 + random.below(4)) {
      mutateOnce(&bytes, donors: donors, random: &random)
    }
    return bytes
  }

  private static func mutateOnce(
    _ bytes: inout [UInt8], donors: [[UInt8]], random: inout SeededRandomGenerator
  ) {
    let position = random.below(bytes.count + 1)
    let span = random.length(upTo: 16, rarely: max(bytes.count, 1))
    let end = min(bytes.count, position + span)
    switch random.below(9) {
    case 0 where position < bytes.count:
      bytes[position] ^= UInt8(1) << UInt8(random.below(8))
    case 1 where position < bytes.count:
      bytes[position] = random.pick(interestingBytes)
    case 2:
      bytes.removeSubrange(position..<end)
    case 3:
      let copy = Array(bytes[position..<end])
      bytes.insert(contentsOf: copy, at: random.below(bytes.count + 1))
    case 4:
      bytes.removeSubrange(position..<bytes.count)
    case 5, 6:
      bytes.insert(contentsOf: random.pick(tokens), at: position)
    case 7:
      let donor = random.pick(donors)
      let start = random.below(donor.count + 1)
      let fragment = donor[start..<min(donor.count, start + random.length(upTo: 64, rarely: 4096))]
      bytes.replaceSubrange(position..<end, with: fragment)
    default:
      replaceNumber(&bytes, near: position, random: &random)
    }
  }

  /// Replaces the first run of digits at or after `position` with an edge-case literal.
  private static func replaceNumber(
    _ bytes: inout [UInt8], near position: Int, random: inout SeededRandomGenerator
  ) {
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    guard let start = bytes[position...].firstIndex(where: isDigit) else { return }
    let end = bytes[start...].firstIndex { !isDigit($0) } ?? bytes.count
    bytes.replaceSubrange(start..<end, with: Array(random.pick(HostileJSON.numberLiterals).utf8))
  }
}
