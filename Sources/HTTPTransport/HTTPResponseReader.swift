import Core

/// Reads one HTTP/1.1 response from its bytes as they arrive: the head, then the body with
/// its framing removed (`Content-Length`, chunked, or until the connection closes).
///
/// Pure: the socket connection feeds it what `recv` returns and acts on the events, so every
/// framing rule is tested without a network. Interim `1xx` responses are skipped. Limits keep
/// a hostile server from making it buffer without end: the head may be 64 KiB, a chunk-size
/// line 1 KiB, the trailers 64 KiB; body bytes are never buffered, only handed on.
struct HTTPResponseReader {
  /// What the bytes so far complete.
  enum Event: Equatable {
    /// The final response head (never a `1xx`).
    case head(HTTPResponseHead)
    /// Body bytes, framing removed.
    case body([UInt8])
    /// The response is complete.
    case end
  }

  /// Why the bytes are not a usable response.
  enum Failure: Error, Equatable {
    /// Not HTTP/1.x, or framing that cannot be read; says what.
    case malformed(String)
    /// The connection closed before the response was complete.
    case truncated
  }

  /// The longest head (or trailer section) accepted, in bytes.
  static let maximumHeadBytes = 64 * 1024
  /// The longest chunk-size line accepted, in bytes.
  static let maximumChunkLineBytes = 1024

  private enum State {
    /// Collecting the head up to its blank line.
    case head([UInt8])
    /// `remaining` bytes of a body with a `Content-Length`.
    case length(remaining: Int)
    /// A chunked body.
    case chunked(ChunkState)
    /// A body that ends when the connection closes.
    case untilClose
    /// The response is complete; later bytes are ignored.
    case done
  }

  private enum ChunkState {
    /// Collecting a chunk-size line.
    case size([UInt8])
    /// `remaining` bytes of chunk data.
    case data(remaining: Int)
    /// The line break after chunk data.
    case dataEnd
    /// Trailer lines after the last chunk: the current line, and the bytes of all of them.
    case trailers(line: [UInt8], total: Int)
  }

  private var state = State.head([])
  /// Whether the request was HEAD, whose response has no body whatever its headers say.
  private let isHeadRequest: Bool

  /// A reader for the response to a request of `method`.
  init(method: String = "GET") {
    isHeadRequest = method == "HEAD"
  }

  /// Reads the next bytes from the connection.
  mutating func consume(_ bytes: [UInt8]) throws(Failure) -> [Event] {
    var events: [Event] = []
    var input = bytes[...]
    while !input.isEmpty {
      switch state {
      case .head(var buffer):
        let searchFrom = max(0, buffer.count - 3)
        buffer += input
        guard let end = Self.headEnd(in: buffer, from: searchFrom) else {
          guard buffer.count <= Self.maximumHeadBytes else {
            throw .malformed("response head over \(Self.maximumHeadBytes) bytes")
          }
          state = .head(buffer)
          input = []
          continue
        }
        guard end <= Self.maximumHeadBytes else {
          throw .malformed("response head over \(Self.maximumHeadBytes) bytes")
        }
        input = buffer[end...]
        buffer.removeSubrange(end...)
        let head = try Self.parseHead(buffer)
        guard !(100..<200).contains(head.status) else {
          // An interim response (100 Continue, 103 Early Hints): the real one follows.
          guard head.status != 101 else { throw .malformed("unexpected protocol switch") }
          state = .head([])
          continue
        }
        events.append(.head(head))
        state = try framing(of: head)
        if case .done = state { events.append(.end) }
      case .length(let remaining):
        let taken = input.prefix(remaining)
        input = input.dropFirst(taken.count)
        events.append(.body(Array(taken)))
        if taken.count == remaining {
          state = .done
          events.append(.end)
        } else {
          state = .length(remaining: remaining - taken.count)
        }
      case .chunked(let chunk):
        input = try readChunked(chunk, input, &events)
      case .untilClose:
        events.append(.body(Array(input)))
        input = []
      case .done:
        input = []
      }
    }
    return events
  }

  /// The connection closed: the end of a body that runs until then, or a truncation.
  mutating func finish() throws(Failure) -> [Event] {
    switch state {
    case .untilClose:
      state = .done
      return [.end]
    case .done:
      return []
    case .head, .length, .chunked:
      throw .truncated
    }
  }

  /// How the body after `head` is delimited (RFC 9112, section 6.3).
  private func framing(of head: HTTPResponseHead) throws(Failure) -> State {
    if isHeadRequest || head.status == 204 || head.status == 304 { return .done }
    if let codings = head.header("Transfer-Encoding") {
      let last = codings.split(separator: ",").last.map { $0.trimmingBlanks().lowercased() }
      return last == "chunked" ? .chunked(.size([])) : .untilClose
    }
    guard let text = head.header("Content-Length") else { return .untilClose }
    // A repeated header arrives joined with commas; its values must agree.
    let values = Set(
      text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingBlanks()
      })
    guard values.count == 1, let value = values.first, !value.isEmpty,
      value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(value)
    else { throw .malformed("invalid Content-Length") }
    return length == 0 ? .done : .length(remaining: length)
  }

  private mutating func readChunked(
    _ chunk: ChunkState, _ input: ArraySlice<UInt8>, _ events: inout [Event]
  ) throws(Failure) -> ArraySlice<UInt8> {
    switch chunk {
    case .size(var line):
      guard let end = Self.lineEnd(in: input) else {
        line += input
        guard line.count <= Self.maximumChunkLineBytes else {
          throw .malformed("chunk-size line over \(Self.maximumChunkLineBytes) bytes")
        }
        state = .chunked(.size(line))
        return []
      }
      line += input[..<end]
      let size = try Self.chunkSize(line)
      state = .chunked(size == 0 ? .trailers(line: [], total: 0) : .data(remaining: size))
      return input[end...]
    case .data(let remaining):
      let taken = input.prefix(remaining)
      events.append(.body(Array(taken)))
      state = .chunked(
        taken.count == remaining ? .dataEnd : .data(remaining: remaining - taken.count))
      return input.dropFirst(taken.count)
    case .dataEnd:
      // CR LF, or a bare LF as lenient readers accept.
      var rest = input
      if rest.first == 0x0D { rest = rest.dropFirst() }
      guard let first = rest.first else {
        state = .chunked(.dataEnd)
        return []
      }
      guard first == 0x0A else { throw .malformed("chunk data longer than its size") }
      state = .chunked(.size([]))
      return rest.dropFirst()
    case .trailers(var line, let total):
      guard let end = Self.lineEnd(in: input) else {
        line += input
        guard total + line.count <= Self.maximumHeadBytes else {
          throw .malformed("trailers over \(Self.maximumHeadBytes) bytes")
        }
        state = .chunked(.trailers(line: line, total: total))
        return []
      }
      line += input[..<end]
      let isBlank = line.allSatisfy { $0 == 0x0D || $0 == 0x0A }
      guard !isBlank else {
        state = .done
        events.append(.end)
        return input[end...]
      }
      guard total + line.count <= Self.maximumHeadBytes else {
        throw .malformed("trailers over \(Self.maximumHeadBytes) bytes")
      }
      state = .chunked(.trailers(line: [], total: total + line.count))
      return input[end...]
    }
  }

  /// The index just past the first line feed in `input`, or nil.
  private static func lineEnd(in input: ArraySlice<UInt8>) -> Int? {
    input.firstIndex(of: 0x0A).map { $0 + 1 }
  }

  /// The index just past the blank line that ends a head (LF LF or LF CR LF), searching
  /// from `start`, or nil.
  static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == 0x0A {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
        if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
          return index + 3
        }
      }
      index += 1
    }
    return nil
  }

  /// Parses a head: the status line and the header lines.
  static func parseHead(_ bytes: [UInt8]) throws(Failure) -> HTTPResponseHead {
    // Lines split on bytes: as a String, CR LF would be one character.
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      Substring(String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self))
    }[...]
    guard let statusLine = lines.popFirst() else { throw .malformed("empty response head") }
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].utf8.count == 3,
      let status = Int(parts[1]), status >= 100
    else { throw .malformed("not an HTTP/1.x status line") }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else {
        throw .malformed("header line without a colon")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingBlanks()
      if let earlier = headers[name] {
        headers[name] = earlier + ", " + value
      } else {
        headers[name] = value
      }
    }
    return HTTPResponseHead(status: status, headers: headers)
  }

  /// The size on a chunk-size line: hex digits, then optional extensions after `;`.
  private static func chunkSize(_ line: [UInt8]) throws(Failure) -> Int {
    var size = 0
    var digits = 0
    for byte in line {
      guard let digit = HexDigit.value(byte) else {
        guard digits > 0, [0x3B, 0x20, 0x09, 0x0D, 0x0A].contains(byte) else {
          throw .malformed("invalid chunk size")
        }
        return size
      }
      let value = Int(digit)
      digits += 1
      guard digits <= 15 else { throw .malformed("chunk size too large") }
      size = size * 16 + value
    }
    throw .malformed("invalid chunk size")
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate func trimmingBlanks() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
