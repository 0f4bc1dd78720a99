extension ClientStateFile {
  /// Where some parts lie in a state file's bytes, found after the file parsed as JSON: the
  /// context (to hold it to its size limit as written) and each saved template, so a restored
  /// template keeps the exact bytes it was fetched as instead of being serialized anew.
  struct Spans {
    /// The context object's bytes.
    var context: Range<Int>?
    /// The bytes of each part's `template` member value, with the whitespace around it (the
    /// writer splices a fetched body in as it came), by part: `active`, `fetched`.
    var templates: [String: Range<Int>] = [:]

    /// The spans in `bytes`, a document `JSONParser` has accepted; empty when its layout is
    /// not what this reader expects (then templates are kept as parsed documents).
    init(_ bytes: [UInt8]) {
      let scanner = SpanScanner(bytes: bytes)
      // A byte-order mark before the document is not part of it.
      let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      let parts: Set<String> = ["active", "fetched"]
      guard
        let root = scanner.members(ofObjectAt: scanner.valueStart(start), descendingInto: parts)
      else { return }
      for member in root.members {
        switch member.key {
        case "context":
          context = member.value
        case "active", "fetched":
          guard let template = member.inner?.first(where: { $0.key == "template" }) else {
            continue
          }
          templates[member.key] = template.valueWithWhitespace
        default:
          continue
        }
      }
    }
  }
}

/// Walks the structure of valid JSON without building values: object members and where
/// their values start and end. Every index is checked, so a surprise ends the walk (nil)
/// instead of trapping.
private struct SpanScanner {
  struct Member {
    /// The key as written between its quotes (escapes not decoded: the keys looked for are
    /// plain ASCII).
    var key: String
    /// The value, without surrounding whitespace.
    var value: Range<Int>
    /// From just after the colon to just before the following `,` or `}`.
    var valueWithWhitespace: Range<Int>
    /// The members of the value, when it is an object whose members were asked for.
    var inner: [Member]?
  }

  let bytes: [UInt8]

  /// The first index at or after `index` that is not JSON whitespace.
  func valueStart(_ index: Int) -> Int {
    var index = index
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
    return index
  }

  /// The members of the object starting at `start` and the index just after it; nil when
  /// there is no object there. The values of the members named in `descendingInto` that are
  /// objects are walked once, for their own members.
  func members(
    ofObjectAt start: Int, descendingInto keys: Set<String> = []
  ) -> (members: [Member], end: Int)? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
    var members: [Member] = []
    var index = valueStart(start + 1)
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return (members, index + 1) }
    while index < bytes.count {
      guard let keyEnd = stringEnd(index) else { return nil }
      let key = String(decoding: bytes[(index + 1)..<(keyEnd - 1)], as: UTF8.self)
      let colon = valueStart(keyEnd)
      guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
      let begin = valueStart(colon + 1)
      var inner: [Member]?
      let end: Int
      if keys.contains(key), let object = self.members(ofObjectAt: begin) {
        inner = object.members
        end = object.end
      } else {
        guard let valueEnd = valueEnd(begin) else { return nil }
        end = valueEnd
      }
      let delimiter = valueStart(end)
      guard delimiter < bytes.count else { return nil }
      members.append(
        Member(
          key: key, value: begin..<end, valueWithWhitespace: (colon + 1)..<delimiter,
          inner: inner))
      switch bytes[delimiter] {
      case UInt8(ascii: ","): index = valueStart(delimiter + 1)
      case UInt8(ascii: "}"): return (members, delimiter + 1)
      default: return nil
      }
    }
    return nil
  }

  /// The index just after the string whose opening quote is at `start`.
  private func stringEnd(_ start: Int) -> Int? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
    var index = start + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""): return index + 1
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return nil
  }

  /// The index just after the value starting at `start`.
  private func valueEnd(_ start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return stringEnd(start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard let end = stringEnd(index) else { return nil }
          index = end
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default:
          break
        }
        index += 1
      }
      return nil
    default:
      // A number or a literal: up to the next delimiter or whitespace.
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
          return index
        default:
          index += 1
        }
      }
      return index
    }
  }
}
