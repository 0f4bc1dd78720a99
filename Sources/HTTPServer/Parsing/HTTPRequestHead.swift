import Core
import HTTPCore

/// A request's first line and header fields, read from the bytes before the blank line.
///
/// Strict where leniency lets two readers disagree (RFC 9112, sections 2.2, 3 and 5): lines
/// end in CR LF and nothing else, the request line is three parts split by single spaces, a
/// field name is a token followed at once by its colon, a line folded onto the previous one
/// is refused, and no control character stands in a value or the target. Anything else is a
/// 400 naming the line.
struct HTTPRequestHead {
  var method: String
  /// The target's path (`*` for `OPTIONS *`), escapes as sent.
  var path: String
  var query: String?
  /// 0 for HTTP/1.0, 1 for HTTP/1.1 (and a later 1.x, answered as 1.1).
  var minorVersion: Int
  var headers: [(name: String, value: String)]

  /// Reads a head: `bytes` are the lines before the blank line, the last one's CR LF
  /// excluded.
  static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestFailure) -> HTTPRequestHead {
    var lines = try Self.lines(bytes)
    guard let requestLine = lines.first else { throw .malformed("empty request line") }
    lines.removeFirst()
    var head = try Self.requestLine(requestLine)
    head.headers.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      do throws(HTTPRequestFailure) {
        head.headers.append(try Self.field(line))
      } catch {
        // Line 1 is the request line.
        throw HTTPRequestFailure.malformed("header line \(index + 2) \(error.details)")
          .naming(method: head.method, path: head.path)
      }
    }
    return head
  }

  /// One field line: a token, a colon, the value with its blanks trimmed.
  /// - Throws: a failure whose details complete `header line N ...`.
  static func field(_ line: ArraySlice<UInt8>) throws(HTTPRequestFailure) -> (
    name: String, value: String
  ) {
    if let first = line.first, HTTPSyntax.isBlank(first) {
      throw .malformed("is folded onto the previous one (obs-fold)")
    }
    guard let colon = line.firstIndex(of: HTTPSyntax.colon) else {
      throw .malformed("has no colon")
    }
    let name = line[..<colon]
    guard !name.isEmpty, name.allSatisfy(HTTPToken.isTokenByte) else {
      throw .malformed("has a name that is not a token")
    }
    let value = HTTPSyntax.trimmingBlanks(line[(colon + 1)...])
    guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else {
      throw .malformed("has a control character in its value")
    }
    return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
  }

  /// The head's lines, split on CR LF; a CR or LF anywhere else is refused.
  private static func lines(
    _ bytes: ArraySlice<UInt8>
  ) throws(HTTPRequestFailure) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      switch bytes[index] {
      case HTTPSyntax.carriageReturn:
        guard index + 1 < bytes.endIndex, bytes[index + 1] == HTTPSyntax.lineFeed else {
          throw .malformed("line \(lines.count + 1) holds a CR that does not end it")
        }
        lines.append(bytes[start..<index])
        index += 2
        start = index
      case HTTPSyntax.lineFeed:
        throw .malformed("line \(lines.count + 1) ends in LF without CR")
      default:
        index += 1
      }
    }
    lines.append(bytes[start..<bytes.endIndex])
    return lines
  }

  /// `METHOD SP request-target SP HTTP-version`.
  private static func requestLine(
    _ line: ArraySlice<UInt8>
  ) throws(HTTPRequestFailure) -> HTTPRequestHead {
    let parts = line.split(separator: HTTPSyntax.space, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw .malformed("the request line is not 'METHOD TARGET HTTP/1.1'")
    }
    guard parts[0].allSatisfy(HTTPToken.isTokenByte) else {
      throw .malformed("the method is not a token")
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    let minorVersion = try version(parts[2])
    guard parts[1].allSatisfy(HTTPSyntax.isTargetByte) else {
      throw .malformed("the request target holds a byte that is not visible ASCII")
    }
    let (path, query) = try target(parts[1], method: method)
    return HTTPRequestHead(
      method: method, path: path, query: query, minorVersion: minorVersion, headers: [])
  }

  /// The minor version of `HTTP/1.x`; 505 for another major version.
  private static func version(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestFailure) -> Int {
    let digits = Array(bytes)
    guard digits.count == 8, digits.starts(with: Array("HTTP/".utf8)),
      (0x30...0x39).contains(digits[5]), digits[6] == UInt8(ascii: "."),
      (0x30...0x39).contains(digits[7])
    else { throw .malformed("the request line does not end in HTTP/1.1 or HTTP/1.0") }
    guard digits[5] == UInt8(ascii: "1") else {
      throw HTTPRequestFailure(
        status: 505, details: "HTTP/\(digits[5] - 0x30) is not served; this server speaks HTTP/1.1")
    }
    return min(Int(digits[7] - 0x30), 1)
  }

  /// The path and query of a target in origin form (`/p?q`), absolute form
  /// (`http://host/p?q`, RFC 9112, 3.2.2) or asterisk form (`*`, for OPTIONS only).
  private static func target(
    _ bytes: ArraySlice<UInt8>, method: String
  ) throws(HTTPRequestFailure) -> (path: String, query: String?) {
    var rest = bytes
    if bytes.first != UInt8(ascii: "/") {
      if bytes.elementsEqual("*".utf8) {
        guard method == "OPTIONS" else {
          throw .malformed("the request target '*' is for OPTIONS only")
        }
        return ("*", nil)
      }
      let lowered = bytes.prefix(8).map(HTTPSyntax.lowercased)
      let scheme =
        lowered.starts(with: Array("http://".utf8))
        ? 7 : lowered.starts(with: Array("https://".utf8)) ? 8 : nil
      guard let scheme else { throw .malformed("the request target is not a path or a URL") }
      rest = bytes.dropFirst(scheme)
      guard
        let authorityEnd = rest.firstIndex(where: {
          $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?")
        })
      else {
        return ("/", nil)
      }
      rest = rest[authorityEnd...]
    }
    guard let mark = rest.firstIndex(of: UInt8(ascii: "?")) else {
      return (String(decoding: rest, as: UTF8.self), nil)
    }
    let path = mark == rest.startIndex ? "/" : String(decoding: rest[..<mark], as: UTF8.self)
    return (path, String(decoding: rest[(mark + 1)...], as: UTF8.self))
  }
}
