/// One connection's HTTP/1.1 conversation, as a state machine without I/O: the event loop
/// feeds it what happened (bytes arrived, the handler answered, a deadline passed) and does
/// what it answers (send these bytes, run the handler, close). Every rule of keep-alive,
/// pipelining, `100-continue`, timeouts, streaming and shutdown is here, where a test reads
/// it as a transcript and the fuzz suites drive it with any bytes at all.
///
/// Requests are answered one at a time and in order: the next one is read from the buffer
/// only once the previous response is out, which is what HTTP/1.1 pipelining requires.
struct HTTPConnectionMachine {
  /// What a connection is configured with.
  struct Settings: Sendable {
    var limits: HTTPRequestParser.Limits
    var headTimeout: Duration
    var idleTimeout: Duration
    /// The peer, for requests and log entries.
    var remoteAddress: String
  }

  /// What happened.
  enum Event {
    /// Bytes were read.
    case received([UInt8])
    /// The peer closed its side (a read returned end of stream).
    case peerClosed
    /// The handler answered the request in hand.
    case responded(HTTPServerResponse)
    /// The response stream produced bytes.
    case streamed([UInt8])
    /// The response stream finished.
    case streamEnded
    /// `deadline` has passed.
    case deadlinePassed
    /// The server stopped accepting and is finishing what is in flight.
    case shutdownBegan
    /// The server's memory budget for request bodies would be passed by this connection.
    case overloaded
  }

  /// What to do, in order.
  enum Action {
    /// Write these bytes (after any written before).
    case send([UInt8])
    /// Run the handler on this request, then report `.responded`.
    case handle(HTTPServerRequest)
    /// Iterate this stream, reporting `.streamed` and `.streamEnded`.
    case stream(AsyncStream<[UInt8]>)
    /// Stop iterating the stream (which ends it for its producer).
    case cancelStream
    /// Close once everything sent is written (the peer may still be sending: read and drop
    /// for a moment first, so the answer is not lost to a reset).
    case closeAfterSending
    /// Close at once, dropping anything unsent.
    case closeNow
    /// Record this access log entry.
    case log(AccessLogEntry)
  }

  /// The request being answered.
  private struct Exchange {
    var method: String
    var path: String
    var startedAt: Duration
    var closes: Bool
    var isHead: Bool
    var isHTTP10: Bool
    /// Bytes of the request's body, held by the handler until it answers.
    var bodyBytes: Int
    /// The status answered, once the handler has.
    var status = 0
  }

  private enum State {
    /// Waiting for a request's first byte since `since`; `isFirst` for a new connection,
    /// whose first byte must come within the head timeout, not the idle one.
    case awaitingRequest(since: Duration, isFirst: Bool)
    /// Part of a request has arrived; the rest must by `deadline`.
    case readingRequest(deadline: Duration)
    /// The handler has the request.
    case handling(Exchange)
    /// The response's stream is being sent; `bytes` so far, `chunked` unless HTTP/1.0.
    case streaming(Exchange, bytes: Int, chunked: Bool)
    /// Nothing more: the connection is closing.
    case closed
  }

  let settings: Settings
  private var parser: HTTPRequestParser
  private var state: State
  private var isShuttingDown = false
  /// The peer closed its side while its request was handled: the answer is its last.
  private var peerHasClosed = false

  /// A machine for a connection opened at `now`.
  init(settings: Settings, openedAt now: Duration) {
    self.settings = settings
    parser = HTTPRequestParser(limits: settings.limits)
    state = .awaitingRequest(since: now, isFirst: true)
  }

  /// When `.deadlinePassed` is due, if a deadline runs: the head's, the body's silence or
  /// the idle timeout. None while the handler has the request or a stream runs.
  var deadline: Duration? {
    switch state {
    case .awaitingRequest(let since, let isFirst):
      since + (isFirst ? settings.headTimeout : settings.idleTimeout)
    case .readingRequest(let deadline):
      deadline
    case .handling, .streaming, .closed:
      nil
    }
  }

  /// Whether the loop should read: always while a request is read; while one is answered,
  /// only until a head's worth of pipelined bytes is held, so a client that sends without
  /// reading cannot grow the buffer.
  var wantsInput: Bool {
    switch state {
    case .awaitingRequest, .readingRequest: true
    case .handling, .streaming: parser.heldBytes < settings.limits.maximumHeadBytes
    case .closed: false
    }
  }

  /// Request bytes held: the buffer, a body being de-chunked, a body the handler has.
  var heldBytes: Int {
    switch state {
    case .handling(let exchange), .streaming(let exchange, _, _):
      parser.heldBytes + exchange.bodyBytes
    case .awaitingRequest, .readingRequest, .closed:
      parser.heldBytes
    }
  }

  /// Whether the connection is between requests with nothing of the next one: what
  /// shutdown closes at once.
  var isIdle: Bool {
    if case .awaitingRequest = state { return !parser.hasPartialRequest }
    return false
  }

  /// Handles `event` at `now` (the server's clock), with `date` the `Date` header's value.
  mutating func handle(_ event: Event, now: Duration, date: String) -> [Action] {
    var actions: [Action] = []
    switch event {
    case .received(let bytes):
      received(bytes, now: now, date: date, &actions)
    case .peerClosed:
      peerClosed(now: now, &actions)
    case .responded(let response):
      responded(response, now: now, date: date, &actions)
    case .streamed(let bytes):
      guard case .streaming(let exchange, let count, let chunked) = state, !bytes.isEmpty else {
        break
      }
      actions.append(.send(chunked ? HTTPResponseEncoder.chunk(bytes) : bytes))
      state = .streaming(exchange, bytes: count + bytes.count, chunked: chunked)
    case .streamEnded:
      guard case .streaming(let exchange, let count, let chunked) = state else { break }
      if chunked { actions.append(.send(HTTPResponseEncoder.lastChunk)) }
      finish(exchange, bodyBytes: count, now: now, date: date, &actions)
    case .deadlinePassed:
      deadlinePassed(now: now, date: date, &actions)
    case .shutdownBegan:
      shutdownBegan(now: now, &actions)
    case .overloaded:
      guard case .readingRequest = state else { break }
      fail(
        HTTPRequestFailure(
          status: 503, details: "the server holds as many request bodies as it can; retry"),
        now: now, date: date, &actions)
    }
    return actions
  }

  private mutating func received(
    _ bytes: [UInt8], now: Duration, date: String, _ actions: inout [Action]
  ) {
    guard !bytes.isEmpty else { return }
    switch state {
    case .awaitingRequest(let since, let isFirst):
      parser.append(bytes)
      // A new connection's head is timed from when it opened, so an early first byte does not
      // buy a slow client another head timeout; a kept-alive connection's from its first byte.
      state = .readingRequest(deadline: (isFirst ? since : now) + settings.headTimeout)
      readRequests(now: now, date: date, &actions)
    case .readingRequest:
      parser.append(bytes)
      readRequests(now: now, date: date, &actions)
    case .handling, .streaming:
      // Pipelined: read once the response is out.
      parser.append(bytes)
    case .closed:
      break
    }
  }

  /// Reads the buffered bytes as far as they go: to the next request, which goes to the
  /// handler, or to a failure, which is answered.
  private mutating func readRequests(now: Duration, date: String, _ actions: inout [Action]) {
    switch parser.next() {
    case .needMore:
      break
    case .awaitingBody(let expectsContinue):
      // The body's bytes must keep coming: its silence is timed from each arrival.
      state = .readingRequest(deadline: now + settings.headTimeout)
      if expectsContinue { actions.append(.send(HTTPResponseEncoder.continueResponse)) }
    case .request(let parsed):
      var request = parsed.request
      request.remoteAddress = settings.remoteAddress
      state = .handling(
        Exchange(
          method: request.method, path: request.path, startedAt: now,
          closes: parsed.closesConnection, isHead: request.method == "HEAD",
          isHTTP10: parsed.isHTTP10, bodyBytes: request.body.count))
      actions.append(.handle(request))
    case .failure(let failure):
      fail(failure, now: now, date: date, &actions)
    }
  }

  private mutating func responded(
    _ response: HTTPServerResponse, now: Duration, date: String, _ actions: inout [Action]
  ) {
    guard case .handling(var exchange) = state else { return }
    exchange.closes = exchange.closes || isShuttingDown || peerHasClosed
    var response = response
    if let problem = HTTPResponseEncoder.problem(in: response) {
      // Never sent as it is: a broken field could split the head.
      response = HTTPServerResponse(
        status: 500, headers: [("Content-Type", "application/json")],
        body: .bytes(HTTPServerErrorBody.json(code: "GENERAL", details: problem)))
    }
    exchange.status = response.status
    let bodiless = exchange.isHead || HTTPResponseEncoder.isBodiless(response.status)
    switch response.body {
    case .bytes(let body):
      let framing: HTTPResponseEncoder.Framing =
        HTTPResponseEncoder.isBodiless(response.status) ? .none : .length(body.count)
      let head = HTTPResponseEncoder.head(
        status: response.status, headers: response.headers, framing: framing,
        closing: exchange.closes, date: date)
      // Head and body as two sends: the loop appends each to its output, so a large body is
      // not first copied into a joined array.
      actions.append(.send(head))
      if !bodiless, !body.isEmpty { actions.append(.send(body)) }
      finish(exchange, bodyBytes: bodiless ? 0 : body.count, now: now, date: date, &actions)
    case .stream(let stream):
      let chunked = !exchange.isHTTP10
      // An HTTP/1.0 client knows no chunks: the stream's end is the connection's.
      exchange.closes = exchange.closes || !chunked
      let framing: HTTPResponseEncoder.Framing =
        HTTPResponseEncoder.isBodiless(response.status) || !chunked ? .none : .chunked
      actions.append(
        .send(
          HTTPResponseEncoder.head(
            status: response.status, headers: response.headers, framing: framing,
            closing: exchange.closes, date: date)))
      guard !bodiless else {
        // Not iterated: the stream ends for its producer when it is dropped.
        return finish(exchange, bodyBytes: 0, now: now, date: date, &actions)
      }
      state = .streaming(exchange, bytes: 0, chunked: chunked)
      actions.append(.stream(stream))
    }
  }

  /// The log entry for the response to `exchange`, `bodyBytes` of it sent.
  private func logEntry(_ exchange: Exchange, bodyBytes: Int, now: Duration) -> Action {
    .log(
      AccessLogEntry(
        method: exchange.method, path: exchange.path, status: exchange.status,
        bodyBytes: bodyBytes, duration: now - exchange.startedAt,
        remoteAddress: settings.remoteAddress))
  }

  /// The response to `exchange` is out: log it, then close or read the next request.
  private mutating func finish(
    _ exchange: Exchange, bodyBytes: Int, now: Duration, date: String, _ actions: inout [Action]
  ) {
    actions.append(logEntry(exchange, bodyBytes: bodyBytes, now: now))
    guard !exchange.closes else {
      state = .closed
      actions.append(.closeAfterSending)
      return
    }
    state = .awaitingRequest(since: now, isFirst: false)
    guard parser.hasPartialRequest else { return }
    state = .readingRequest(deadline: now + settings.headTimeout)
    readRequests(now: now, date: date, &actions)
  }

  /// Answers a request that cannot be served, logs it and closes.
  private mutating func fail(
    _ failure: HTTPRequestFailure, now: Duration, date: String, _ actions: inout [Action]
  ) {
    let answer = HTTPResponseEncoder.errorResponse(
      status: failure.status, code: failure.errorCode, details: failure.details, date: date)
    actions.append(.send(answer.bytes))
    actions.append(
      .log(
        AccessLogEntry(
          method: failure.method ?? "-", path: failure.path ?? "-", status: failure.status,
          bodyBytes: answer.bodyBytes, duration: .zero, remoteAddress: settings.remoteAddress)))
    state = .closed
    actions.append(.closeAfterSending)
  }

  private mutating func peerClosed(now: Duration, _ actions: inout [Action]) {
    switch state {
    case .awaitingRequest, .readingRequest:
      state = .closed
      actions.append(.closeNow)
    case .handling:
      // A client may close its side once its request is sent; it gets its answer.
      peerHasClosed = true
    case .streaming(let exchange, let bytes, _):
      // Nobody reads a stream the peer closed.
      actions.append(.cancelStream)
      actions.append(logEntry(exchange, bodyBytes: bytes, now: now))
      state = .closed
      actions.append(.closeNow)
    case .closed:
      break
    }
  }

  private mutating func deadlinePassed(now: Duration, date: String, _ actions: inout [Action]) {
    switch state {
    case .awaitingRequest:
      // Idle: closed quietly, as a keep-alive connection may be at any time.
      state = .closed
      actions.append(.closeNow)
    case .readingRequest:
      fail(
        HTTPRequestFailure(
          status: 408,
          details: "the request did not arrive within \(settings.headTimeout)"),
        now: now, date: date, &actions)
    case .handling, .streaming, .closed:
      break
    }
  }

  private mutating func shutdownBegan(now: Duration, _ actions: inout [Action]) {
    isShuttingDown = true
    switch state {
    case .awaitingRequest:
      guard isIdle else { break }
      state = .closed
      actions.append(.closeNow)
    case .streaming(let exchange, let bytes, let chunked):
      actions.append(.cancelStream)
      if chunked { actions.append(.send(HTTPResponseEncoder.lastChunk)) }
      actions.append(logEntry(exchange, bodyBytes: bytes, now: now))
      state = .closed
      actions.append(.closeAfterSending)
    case .readingRequest, .handling, .closed:
      // Finished within the grace period; the answer says the connection closes.
      break
    }
  }
}
