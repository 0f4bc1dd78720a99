import Core
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request in flight: its response head, awaited once, and its body as the bytes
/// arrive.
///
/// Built on a `URLSessionDataDelegate` rather than `bytes(for:)`, which Linux's URLSession
/// lacks; the same code runs on Apple platforms. Each exchange has its own ephemeral
/// session, invalidated when the exchange ends. Dropping or cancelling the body stream
/// cancels the request, so a caller that stops reading closes the connection.
struct HTTPExchange: Sendable {
  /// The body, chunk by chunk; it finishes when the response is complete and throws the
  /// transport's error when the connection fails.
  let body: AsyncThrowingStream<[UInt8], any Error>
  private let delegate: HTTPExchangeDelegate
  private let task: URLSessionDataTask

  /// Starts `request` on a new session with `configuration`.
  init(_ request: URLRequest, configuration: URLSessionConfiguration) {
    let (body, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    let delegate = HTTPExchangeDelegate(body: continuation)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    let task = session.dataTask(with: request)
    continuation.onTermination = { termination in
      if case .cancelled = termination { task.cancel() }
      // Releases the session's hold on the delegate once the task is over.
      session.finishTasksAndInvalidate()
    }
    self.body = body
    self.delegate = delegate
    self.task = task
    task.resume()
  }

  /// The response head, once it has arrived.
  /// - Throws: the transport's error when the request failed before a response; cancelling
  ///   the waiting task cancels the request.
  func response() async throws -> HTTPResponseHead {
    try await withTaskCancellationHandler {
      try await delegate.head.value()
    } onCancel: {
      task.cancel()
    }
  }

  /// Cancels the request; the body stream then fails with a cancellation error.
  func cancel() {
    task.cancel()
  }

  /// The session settings both transports share: ephemeral, no URL cache (the client keeps
  /// its own ETag), no cookies, and `idleTimeout` as the longest silence tolerated.
  static func configuration(
    idleTimeout: Duration, resourceTimeout: Duration
  ) -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.timeoutIntervalForRequest = wholeSeconds(idleTimeout)
    configuration.timeoutIntervalForResource = wholeSeconds(resourceTimeout)
    return configuration
  }

  /// A timeout for URLSession, rounded up to whole seconds (at least one): Linux's
  /// URLSession truncates its timeouts to whole seconds, so 0.5 s would time out at once.
  /// Callers that need a finer deadline enforce it themselves.
  static func wholeSeconds(_ duration: Duration) -> TimeInterval {
    let seconds = duration.timeInterval
    guard seconds.isFinite else { return 1 }
    return max(1, min(seconds.rounded(.up), 365 * 86_400))
  }
}

/// The status and headers of a response, as plain values.
struct HTTPResponseHead: Sendable, Equatable {
  /// The status code.
  let status: Int
  /// Header values by lower-cased name.
  let headers: [String: String]

  init(status: Int, headers: [String: String]) {
    self.status = status
    self.headers = headers
  }

  init(_ response: HTTPURLResponse) {
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      guard let name = name as? String, let value = value as? String else { continue }
      headers[name.lowercased()] = value
    }
    self.init(status: response.statusCode, headers: headers)
  }

  /// The value of header `name` (case-insensitive).
  func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The declared body length, when the header holds a valid one.
  var contentLength: Int? {
    guard let text = header("Content-Length")?.trimmingCharacters(in: .whitespaces),
      let length = Int(text), length >= 0
    else { return nil }
    return length
  }

  /// True when the body arrives as sent (no `Content-Encoding`), so its received length can
  /// be compared with `Content-Length`; URLSession decodes gzip and the lengths then differ.
  var isIdentityEncoded: Bool {
    guard let encoding = header("Content-Encoding")?.trimmingCharacters(in: .whitespaces) else {
      return true
    }
    return encoding.isEmpty || encoding.lowercased() == "identity"
  }

  /// `Retry-After`, when present and readable.
  var retryAfter: RetryAfter? {
    header("Retry-After").flatMap(RetryAfter.init(headerValue:))
  }
}

/// Receives one data task's callbacks and hands them to the exchange: the head to whoever
/// awaits it, the body chunks to the stream.
private final class HTTPExchangeDelegate: NSObject, URLSessionDataDelegate, Sendable {
  let head = HeadSlot()
  private let body: AsyncThrowingStream<[UInt8], any Error>.Continuation

  init(body: AsyncThrowingStream<[UInt8], any Error>.Continuation) {
    self.body = body
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let response = response as? HTTPURLResponse else {
      head.resolve(.failure(HTTPExchangeError.notHTTP))
      completionHandler(.cancel)
      return
    }
    head.resolve(.success(HTTPResponseHead(response)))
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    body.yield([UInt8](data))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    head.resolve(.failure(error ?? HTTPExchangeError.noResponse))
    if let error {
      body.finish(throwing: error)
    } else {
      body.finish()
    }
  }
}

/// Why an exchange produced no usable response although the transport reported no error.
enum HTTPExchangeError: Error, Equatable {
  /// The response was not HTTP (a `file:` or `data:` URL).
  case notHTTP
  /// The task completed without a response.
  case noResponse
}

/// The response head, set once by the delegate and awaited once by the exchange's owner.
private final class HeadSlot: Sendable {
  private struct State {
    var result: Result<HTTPResponseHead, any Error>?
    var waiter: CheckedContinuation<HTTPResponseHead, any Error>?
  }

  private let state = LockedState(State())

  /// Sets the outcome unless one is set already, and wakes the waiter.
  func resolve(_ result: Result<HTTPResponseHead, any Error>) {
    let waiter = state.withLock { state -> CheckedContinuation<HTTPResponseHead, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(with: result)
  }

  func value() async throws -> HTTPResponseHead {
    try await withCheckedThrowingContinuation { continuation in
      let result = state.withLock { state -> Result<HTTPResponseHead, any Error>? in
        if state.result == nil { state.waiter = continuation }
        return state.result
      }
      if let result { continuation.resume(with: result) }
    }
  }
}
