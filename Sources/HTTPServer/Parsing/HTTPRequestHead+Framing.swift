/// What a head's fields say about the message, read once the head is parsed: where the body
/// ends, whether the connection stays open, whether the client waits for `100 Continue`.
///
/// The body's framing follows RFC 9112, section 6, and refuses every head two readers could
/// frame differently, the ground of request smuggling: `Transfer-Encoding` with
/// `Content-Length`, a coding other than a single `chunked`, `Transfer-Encoding` in HTTP/1.0,
/// `Content-Length`s that differ or are not decimal digits. Each is a 400 and a close.
extension HTTPRequestHead {
  /// How the body is delimited.
  enum BodyFraming: Equatable {
    /// No body.
    case none
    /// This many bytes (more than 0).
    case length(Int)
    /// Chunked.
    case chunked
  }

  /// What the fields decide, checked together.
  struct Semantics: Equatable {
    var framing: BodyFraming
    /// `Connection: close`, or HTTP/1.0: the connection closes after the response.
    var closesConnection: Bool
    /// `Expect: 100-continue` with a body to come.
    var expectsContinue: Bool
  }

  /// The head's semantics.
  /// - Throws: 400 for ambiguous framing or a missing, repeated or invalid `Host`; 413 for a
  ///   `Content-Length` over `maximumBodyBytes`; 417 for an expectation other than
  ///   `100-continue`. The failure names the request line.
  func semantics(maximumBodyBytes: Int) throws(HTTPRequestFailure) -> Semantics {
    do throws(HTTPRequestFailure) {
      var lengths: [String] = []
      var codings: [String] = []
      var hosts = 0
      var closes = minorVersion == 0
      var expectsContinue = false
      for (name, value) in headers {
        if HTTPSyntax.namesEqual(name, "content-length") {
          lengths.append(value)
        } else if HTTPSyntax.namesEqual(name, "transfer-encoding") {
          let list = HTTPSyntax.lowercasedList(value)
          // An empty value still says a coding was meant: refused below as not `chunked`.
          codings += list.isEmpty ? [""] : list
        } else if HTTPSyntax.namesEqual(name, "host") {
          hosts += 1
          guard Self.isAuthority(value) else { throw .malformed("the Host header is not a host") }
        } else if HTTPSyntax.namesEqual(name, "connection") {
          if HTTPSyntax.lowercasedList(value).contains("close") { closes = true }
        } else if HTTPSyntax.namesEqual(name, "expect") {
          guard HTTPSyntax.lowercasedList(value) == ["100-continue"] else {
            throw HTTPRequestFailure(
              status: 417, details: "the only expectation served is 100-continue")
          }
          expectsContinue = true
        }
      }
      guard hosts == 1 || (hosts == 0 && minorVersion == 0) else {
        throw .malformed(
          hosts == 0 ? "an HTTP/1.1 request needs a Host header" : "more than one Host header")
      }
      let framing = try Self.framing(
        lengths: lengths, codings: codings, minorVersion: minorVersion,
        maximumBodyBytes: maximumBodyBytes)
      return Semantics(
        framing: framing, closesConnection: closes,
        expectsContinue: expectsContinue && framing != .none && minorVersion == 1)
    } catch {
      throw error.naming(method: method, path: path)
    }
  }

  private static func framing(
    lengths: [String], codings: [String], minorVersion: Int, maximumBodyBytes: Int
  ) throws(HTTPRequestFailure) -> BodyFraming {
    if !codings.isEmpty {
      guard minorVersion == 1 else {
        throw .malformed("Transfer-Encoding in an HTTP/1.0 request")
      }
      guard lengths.isEmpty else {
        throw .malformed("both Transfer-Encoding and Content-Length")
      }
      guard codings == ["chunked"] else {
        throw .malformed("a Transfer-Encoding other than chunked")
      }
      return .chunked
    }
    guard !lengths.isEmpty else { return .none }
    // Repeated fields and lists (`5, 5`) are one value if every element is the same.
    var elements: Set<String> = []
    for value in lengths {
      for element in value.split(separator: ",", omittingEmptySubsequences: false) {
        elements.insert(
          String(decoding: HTTPSyntax.trimmingBlanks(ArraySlice(element.utf8)), as: UTF8.self))
      }
    }
    guard elements.count == 1, let text = elements.first else {
      throw .malformed("Content-Length values that differ")
    }
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw .malformed("a Content-Length that is not a number of bytes")
    }
    // Digits beyond the limit's are over it whatever they say; counting them first keeps
    // the arithmetic from overflowing.
    let digits = text.drop { $0 == "0" }
    guard digits.count <= String(maximumBodyBytes).count,
      let length = Int(digits.isEmpty ? "0" : String(digits)),
      length <= maximumBodyBytes
    else { throw .bodyTooLarge(limit: maximumBodyBytes) }
    return length == 0 ? .none : .length(length)
  }

  /// Whether a `Host` value is `host[:port]`: the characters of a registered name, an IPv4
  /// address or a bracketed IPv6 literal, and a port of digits (RFC 9110, 7.2). Empty is
  /// allowed (a target without an authority). No user information, no path, no blanks.
  private static func isAuthority(_ value: String) -> Bool {
    value.utf8.allSatisfy { byte in
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
      case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
        UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
        UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
        UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
        true
      default: false
      }
    }
  }
}
