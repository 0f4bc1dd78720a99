import Core
import Dispatch
public import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 for the network tests: a test starts one, scripts its
/// answers per path, reads its request log and stops it.
///
/// It binds port 0, so suites running in parallel never clash, and runs one thread to accept
/// and one per connection. Every connection is answered with `Connection: close`. `stop()`
/// wakes every thread (a wake pipe all of them watch, and `shutdown` on every open socket),
/// waits for all of them to finish and closes every descriptor, so nothing outlives it.
///
/// Threads hold the server until `stop()`, so a test must call it (`with` does).
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// defer { server.stop() }
/// server.serveTemplate(at: "/t", json, etag: "\"v1\"")   // 200, or 304 on a match
/// server.enqueue(at: "/t", .status(500), .stall)           // these first, in order
/// server.enqueue(at: "/old", .redirect(to: "/t", body: .endless(chunk: x, chunked: false)))
/// let log = await server.waitForRequests(count: 3)
/// ```
public final class LoopbackHTTPServer: Sendable {
  /// Computes the answer to a request on a path with no scripted answer left.
  public typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

  private struct RequestWaiter {
    let count: Int
    let continuation: CheckedContinuation<[LoopbackRequest], Never>
  }

  private struct State {
    var stopped = false
    var requests: [LoopbackRequest] = []
    var requestWaiters: [RequestWaiter] = []
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var scripted: [String: [LoopbackResponse]] = [:]
    var handlers: [String: Handler] = [:]
    var fallback: Handler?
    /// Open connection sockets, so `stop` can shut them down.
    var connections: Set<Int32> = []
    /// Threads not yet finished (the accept thread included).
    var liveThreads = 0
  }

  /// The port the system chose.
  public let port: UInt16
  private let listener: Int32
  private let wakePipe: (read: Int32, write: Int32)
  private let state = LockedState(State())
  private let threads = DispatchGroup()

  /// Starts a server on 127.0.0.1 with a free port.
  public init() throws {
    let (listener, port) = try LoopbackSocket.listenOnLoopback()
    let wakePipe: (read: Int32, write: Int32)
    do {
      wakePipe = try LoopbackSocket.makeWakePipe()
    } catch {
      LoopbackSocket.close(listener)
      throw error
    }
    self.listener = listener
    self.port = port
    self.wakePipe = wakePipe
    startThread { [self] in acceptConnections() }
  }

  /// Runs `body` with a fresh server and stops the server however `body` ends.
  public static func with(_ body: (LoopbackHTTPServer) async throws -> Void) async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    try await body(server)
  }

  /// `http://127.0.0.1:<port><path>`.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Answers requests on `path` with `json` and `etag`, or 304 when the request's
  /// `If-None-Match` matches `etag` (once the scripted answers, if any, are used up).
  public func serveTemplate(at path: String, _ json: String, etag: String) {
    handle(path) { request in
      request.header("If-None-Match") == etag
        ? .notModified(etag: etag) : .ok(json, etag: etag)
    }
  }

  /// Answers requests on `path` with `handler` once the scripted answers are used up.
  public func handle(_ path: String, with handler: @escaping Handler) {
    state.withLock { $0.handlers[path] = handler }
  }

  /// Answers requests on paths with neither a scripted answer nor a handler (instead of a
  /// bare 404): for servers that route by what the path says, such as the fake Google's
  /// `/v1/projects/{project}/...`.
  public func handleUnmatched(with handler: @escaping Handler) {
    state.withLock { $0.fallback = handler }
  }

  /// Queues answers for the next requests on `path`, in order; they come before the handler.
  public func enqueue(at path: String, _ responses: LoopbackResponse...) {
    state.withLock { $0.scripted[path, default: []] += responses }
  }

  /// Every request received so far, in arrival order.
  public var requests: [LoopbackRequest] {
    state.withLock { $0.requests }
  }

  /// How many threads are still running; 0 after `stop()`.
  public var liveThreadCount: Int {
    state.withLock { $0.liveThreads }
  }

  /// How many connection sockets are open; 0 after `stop()`.
  public var openConnectionCount: Int {
    state.withLock { $0.connections.count }
  }

  /// Returns the log once it holds at least `count` requests (or the server stopped), so a
  /// test synchronises on what the server saw instead of sleeping.
  public func waitForRequests(count: Int) async -> [LoopbackRequest] {
    await withCheckedContinuation { (continuation: CheckedContinuation<[LoopbackRequest], Never>) in
      let ready = state.withLock { state -> [LoopbackRequest]? in
        if state.requests.count >= count || state.stopped { return state.requests }
        state.requestWaiters.append(RequestWaiter(count: count, continuation: continuation))
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Returns once no connection is open (or the server stopped): after a client gave up on
  /// a stalled or streamed answer, this is how a test knows the client really closed it.
  public func waitUntilNoOpenConnections() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = state.withLock { state -> Bool in
        if state.connections.isEmpty || state.stopped { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }

  /// Stops accepting, ends every connection, waits for every thread and closes every
  /// descriptor. Safe to call more than once.
  public func stop() {
    let (alreadyStopped, waiters, idleWaiters, requests) = state.withLock {
      state -> (Bool, [RequestWaiter], [CheckedContinuation<Void, Never>], [LoopbackRequest]) in
      if state.stopped { return (true, [], [], []) }
      state.stopped = true
      for connection in state.connections { LoopbackSocket.shutdownBoth(connection) }
      defer {
        state.requestWaiters.removeAll()
        state.idleWaiters.removeAll()
      }
      return (false, state.requestWaiters, state.idleWaiters, state.requests)
    }
    if alreadyStopped { return }
    LoopbackSocket.wake(wakePipe.write)
    threads.wait()
    LoopbackSocket.close(listener)
    LoopbackSocket.close(wakePipe.read)
    LoopbackSocket.close(wakePipe.write)
    for waiter in waiters { waiter.continuation.resume(returning: requests) }
    for waiter in idleWaiters { waiter.resume() }
  }

  // MARK: - Threads

  private func startThread(_ body: @escaping @Sendable () -> Void) {
    state.withLock { $0.liveThreads += 1 }
    threads.enter()
    let thread = Thread { [self] in
      body()
      state.withLock { $0.liveThreads -= 1 }
      threads.leave()
    }
    thread.start()
  }

  private func acceptConnections() {
    while case .readable = LoopbackSocket.waitReadable(listener, wake: wakePipe.read) {
      guard let connection = LoopbackSocket.accept(listener) else { continue }
      let accepted = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.connections.insert(connection)
        return true
      }
      guard accepted else {
        LoopbackSocket.close(connection)
        return
      }
      startThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer {
      let idleWaiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.connections.remove(connection)
        // Closed under the lock, so `stop` never shuts down a reused descriptor number.
        LoopbackSocket.close(connection)
        guard state.connections.isEmpty else { return [] }
        defer { state.idleWaiters.removeAll() }
        return state.idleWaiters
      }
      for waiter in idleWaiters { waiter.resume() }
    }
    guard let request = readRequest(connection) else { return }
    let response = record(request)
    respond(response, on: connection)
  }

  // MARK: - Requests and responses

  /// Reads a request head and its body (as long as its `Content-Length` says, at most 8 MB;
  /// chunked request bodies are not read); nil when the client left first.
  private func readRequest(_ connection: Int32) -> LoopbackRequest? {
    var received: [UInt8] = []
    let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    var head: LoopbackRequest?
    var bodyStart = 0
    while received.count < 8 * 1024 * 1024 + 64 * 1024 {
      if head == nil, let end = received.firstRange(of: headEnd) {
        guard let request = LoopbackRequest(head: Array(received[..<end.lowerBound])) else {
          return nil
        }
        head = request
        bodyStart = end.upperBound
      }
      if let head {
        let length = head.header("Content-Length").flatMap { Int($0) } ?? 0
        if received.count - bodyStart >= length {
          return head.with(body: Array(received[bodyStart..<bodyStart + length]))
        }
      } else if received.count > 64 * 1024 {
        return nil
      }
      guard case .readable = LoopbackSocket.waitReadable(connection, wake: wakePipe.read) else {
        return nil
      }
      let bytes = LoopbackSocket.receive(connection)
      if bytes.isEmpty { return nil }
      received += bytes
    }
    return nil
  }

  /// Picks the request's answer, then logs the request and wakes the tests waiting for it:
  /// in that order, so a test that saw the request in the log can re-script the path
  /// without changing the answer this request already got.
  private func record(_ request: LoopbackRequest) -> LoopbackResponse {
    let (scripted, handler) = state.withLock { state -> (LoopbackResponse?, Handler?) in
      if var queue = state.scripted[request.path], !queue.isEmpty {
        let response = queue.removeFirst()
        state.scripted[request.path] = queue
        return (response, nil)
      }
      return (nil, state.handlers[request.path] ?? state.fallback)
    }
    // The handler runs outside the lock, so it may itself use the server.
    let response = scripted ?? handler?(request) ?? .status(404)
    let (satisfied, requests) = state.withLock { state -> ([RequestWaiter], [LoopbackRequest]) in
      state.requests.append(request)
      let requests = state.requests
      let ready = state.requestWaiters.filter { $0.count <= requests.count }
      state.requestWaiters.removeAll { $0.count <= requests.count }
      return (ready, requests)
    }
    for waiter in satisfied { waiter.continuation.resume(returning: requests) }
    return response
  }

  private func respond(_ response: LoopbackResponse, on connection: Int32) {
    var head = "HTTP/1.1 \(response.status) \(response.reasonPhrase)\r\nConnection: close\r\n"
    for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
    switch response.body {
    case .complete(let body):
      if response.status != 304 { head += "Content-Length: \(body.count)\r\n" }
      LoopbackSocket.sendAll(connection, Array((head + "\r\n").utf8) + body)
    case .cutShort(let sent, let declaredLength):
      head += "Content-Length: \(declaredLength)\r\n"
      LoopbackSocket.sendAll(connection, Array((head + "\r\n").utf8) + sent)
    case .closeDelimited(let body):
      LoopbackSocket.sendAll(connection, Array((head + "\r\n").utf8) + body)
    case .stall:
      waitForClientOrStop(connection)
    case .endless(let chunk, let chunked):
      if chunked { head += "Transfer-Encoding: chunked\r\n" }
      var payload = chunk
      if chunked {
        payload = Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8)
      }
      // Ends when a send fails: the client left, or `stop` shut the socket down.
      guard LoopbackSocket.sendAll(connection, Array((head + "\r\n").utf8)) else { return }
      while LoopbackSocket.sendAll(connection, payload) {}
    case .stream(let stream):
      if stream.framing == .chunked { head += "Transfer-Encoding: chunked\r\n" }
      LoopbackSocket.sendAll(connection, Array((head + "\r\n").utf8))
      stream.attach(connection)
      waitForClientOrStop(connection)
      stream.detach()
    }
  }

  /// Blocks until the client closes, the test ends the stream (its `shutdown` reads as the
  /// end) or the server stops; whatever the client sends meanwhile is discarded.
  private func waitForClientOrStop(_ connection: Int32) {
    while case .readable = LoopbackSocket.waitReadable(connection, wake: wakePipe.read) {
      if LoopbackSocket.receive(connection).isEmpty { return }
    }
  }
}
