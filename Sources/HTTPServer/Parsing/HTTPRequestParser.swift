/// Reads the requests of one connection from its bytes as they arrive, one whole request at
/// a time (head, then the body de-chunked), so pipelined requests come out in order.
///
/// Pure: the connection feeds it what `recv` returned and asks for the next step, so every
/// rule is tested without a socket, and fuzzed. It holds the bytes not yet used in one
/// buffer and never more than the limits allow: a head is at most `maximumHeadBytes` (431
/// past it, decided as soon as that many bytes arrive without the blank line), a body at
/// most `maximumBodyBytes` (413 as soon as `Content-Length` or a chunk size says so, before
/// the body is read). After a failure it reads nothing more: the connection answers and
/// closes, since where the next request starts can no longer be known.
struct HTTPRequestParser {
  /// The limits, from the server's configuration.
  struct Limits: Sendable {
    var maximumHeadBytes: Int
    var maximumBodyBytes: Int
  }

  /// A request read whole, and what its head says about the connection.
  struct ParsedRequest {
    /// The request, its `remoteAddress` left for the connection to fill in.
    var request: HTTPServerRequest
    /// Whether the connection closes after the response (`Connection: close`, HTTP/1.0).
    var closesConnection: Bool
    /// Whether the client speaks HTTP/1.0, which knows no chunked coding.
    var isHTTP10: Bool
  }

  /// What the bytes so far allow.
  enum Step {
    /// Nothing more until more bytes arrive.
    case needMore
    /// A head was read and its body is still to come; said once per request, so the
    /// connection can send `100 Continue` when the client waits for it.
    case awaitingBody(expectsContinue: Bool)
    /// A whole request.
    case request(ParsedRequest)
    /// The bytes are not a request that can be served; the connection answers and closes.
    case failure(HTTPRequestFailure)
  }

  private enum State {
    /// Looking for the blank line that ends a head; its CR LF CR LF begins at `scanFrom` or
    /// later.
    case head(scanFrom: Int)
    /// A body of `length` bytes after `head`.
    case lengthBody(HTTPRequestHead, HTTPRequestHead.Semantics, length: Int)
    /// A chunked body after `head`.
    case chunkedBody(HTTPRequestHead, HTTPRequestHead.Semantics, ChunkedBodyDecoder)
    /// A failure was returned; nothing more is read.
    case failed(HTTPRequestFailure)
  }

  let limits: Limits
  private var buffer: [UInt8] = []
  /// Where the unused bytes of `buffer` start.
  private var start = 0
  private var state = State.head(scanFrom: 0)
  /// Whether `awaitingBody` was returned for the current request.
  private var announcedBody = false

  init(limits: Limits) {
    self.limits = limits
  }

  /// Bytes held for the requests to come: those not yet used, and a chunked body decoded
  /// so far. What the server counts against its memory budget.
  var heldBytes: Int {
    let decoded: Int
    if case .chunkedBody(_, _, let decoder) = state {
      decoded = decoder.body.count
    } else {
      decoded = 0
    }
    return buffer.count - start + decoded
  }

  /// Whether any byte of a next request has arrived (or a request is part read): the head's
  /// deadline runs from then, the idle timeout until then.
  var hasPartialRequest: Bool {
    if case .head = state { return buffer.count > start }
    return true
  }

  /// Adds bytes the connection received.
  mutating func append(_ bytes: some Collection<UInt8>) {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
      if case .head = state { state = .head(scanFrom: 0) }
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next step the buffered bytes allow.
  mutating func next() -> Step {
    do throws(HTTPRequestFailure) {
      switch state {
      case .head(let scanFrom):
        return try readHead(scanFrom: scanFrom)
      case .lengthBody(let head, let semantics, let length):
        guard buffer.count - start >= length else { return announceBody(semantics) }
        let body = Array(buffer[start..<start + length])
        consume(upTo: start + length)
        return .request(finish(head, semantics, body: body))
      case .chunkedBody(let head, let semantics, var decoder):
        var index = start
        let done = try decoder.decode(buffer, at: &index)
        consume(upTo: index)
        guard done else {
          state = .chunkedBody(head, semantics, decoder)
          return announceBody(semantics)
        }
        return .request(finish(head, semantics, body: decoder.body))
      case .failed(let failure):
        return .failure(failure)
      }
    } catch {
      state = .failed(error)
      return .failure(error)
    }
  }

  private mutating func readHead(scanFrom: Int) throws(HTTPRequestFailure) -> Step {
    // Empty lines before a request line are ignored (RFC 9112, 2.2): some clients send one
    // after a body.
    var skipped = start
    while buffer.count - skipped >= 2, buffer[skipped] == HTTPSyntax.carriageReturn,
      buffer[skipped + 1] == HTTPSyntax.lineFeed
    {
      skipped += 2
    }
    if skipped > start { consume(upTo: skipped) }
    let from = max(start, scanFrom)
    guard let end = Self.headEnd(buffer, from: from) else {
      guard buffer.count - start <= limits.maximumHeadBytes else {
        throw .headTooLarge("request head", limit: limits.maximumHeadBytes)
      }
      state = .head(scanFrom: max(start, buffer.count - 3))
      return .needMore
    }
    guard end - start <= limits.maximumHeadBytes else {
      throw .headTooLarge("request head", limit: limits.maximumHeadBytes)
    }
    let head = try HTTPRequestHead.parse(buffer[start..<end - 4])
    let semantics = try head.semantics(maximumBodyBytes: limits.maximumBodyBytes)
    consume(upTo: end)
    announcedBody = false
    switch semantics.framing {
    case .none:
      return .request(finish(head, semantics, body: []))
    case .length(let length):
      state = .lengthBody(head, semantics, length: length)
    case .chunked:
      let decoder = ChunkedBodyDecoder(
        maximumBodyBytes: limits.maximumBodyBytes, maximumTrailerBytes: limits.maximumHeadBytes)
      state = .chunkedBody(head, semantics, decoder)
    }
    return next()
  }

  private mutating func announceBody(_ semantics: HTTPRequestHead.Semantics) -> Step {
    guard !announcedBody else { return .needMore }
    announcedBody = true
    return .awaitingBody(expectsContinue: semantics.expectsContinue)
  }

  private mutating func finish(
    _ head: HTTPRequestHead, _ semantics: HTTPRequestHead.Semantics, body: [UInt8]
  ) -> ParsedRequest {
    state = .head(scanFrom: start)
    return ParsedRequest(
      request: HTTPServerRequest(
        method: head.method, path: head.path, query: head.query, headers: head.headers,
        body: body),
      closesConnection: semantics.closesConnection, isHTTP10: head.minorVersion == 0)
  }

  /// Marks the bytes before `index` used, and drops them once they are most of the buffer.
  private mutating func consume(upTo index: Int) {
    start = index
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 4_096, start > buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
  }

  /// The index just past the first CR LF CR LF that begins at `from` or later; nil when
  /// there is none yet.
  static func headEnd(_ buffer: [UInt8], from: Int) -> Int? {
    var index = from + 3
    while index < buffer.count {
      if buffer[index] == HTTPSyntax.lineFeed, buffer[index - 1] == HTTPSyntax.carriageReturn,
        buffer[index - 2] == HTTPSyntax.lineFeed, buffer[index - 3] == HTTPSyntax.carriageReturn
      {
        return index + 1
      }
      index += 1
    }
    return nil
  }
}
