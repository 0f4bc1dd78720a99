import Core
import Foundation

#if canImport(Darwin)
  /// HTTPS through URLSession on Apple's systems (TLS is the platform's), read through a
  /// `URLSessionDataDelegate`.
  ///
  /// What is in our hands is kept there: every body byte the delegate sees counts against the
  /// exchange's limit as it arrives (`HTTPConnection`); URLSession never follows a redirect
  /// (the delegate declines and hands the redirect's head to `HTTPExchange`, which follows it
  /// with its own rules and stops this task); whatever ends the exchange first (the limit, the
  /// caller's deadline, a cancellation) cancels the task and invalidates its session; and no
  /// URLSession call that may block (starting, cancelling) runs on the caller's thread, so the
  /// caller's deadline always answers on time. Each request has its own ephemeral session,
  /// with no URL cache and no cookies. URLSession's errors become an `HTTPError` where the
  /// task completes (`HTTPError(urlSessionError:url:)`), and only there.
  ///
  /// Not used on Linux, where swift-corelibs-foundation's URLSession reads a redirect's body
  /// itself before telling the delegate anything, cannot be cancelled while a server floods
  /// the socket, counts timeouts in whole seconds, and needs libcurl, whose thirty-odd
  /// libraries every process would load at start: `HTTPSocketTransport` with OpenSSL
  /// (`TLSChannel`) carries https there.
  enum HTTPSessionTransport {
    /// Sends `request` and feeds the response to `connection`, starting the task on a thread
    /// of its own (`resume` may wait for the session's work queue).
    static func start(
      _ request: HTTPRequest, idleTimeout: Duration, resourceTimeout: Duration,
      connection: HTTPConnection
    ) {
      var urlRequest = URLRequest(
        url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
        timeoutInterval: wholeSeconds(idleTimeout))
      urlRequest.httpMethod = request.method
      urlRequest.httpBody = request.body.map { Data($0) }
      for (name, value) in request.headers {
        urlRequest.setValue(value, forHTTPHeaderField: name)
      }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.httpCookieStorage = nil
      configuration.httpShouldSetCookies = false
      configuration.timeoutIntervalForRequest = wholeSeconds(idleTimeout)
      configuration.timeoutIntervalForResource = wholeSeconds(resourceTimeout)
      let delegate = SessionDelegate(connection: connection, url: request.url)
      let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
      let task = session.dataTask(with: urlRequest)
      // Run once by whatever ends the exchange first; invalidating the session as well leaves
      // nothing of it running (and releases the delegate).
      connection.setStop {
        delegate.stopAnswering()
        task.cancel()
        session.invalidateAndCancel()
      }
      HTTPConnection.runDetached { task.resume() }
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

  /// Hands one data task's callbacks to its connection.
  private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let connection: HTTPConnection
    /// The request's URL, which errors name by its scheme, host and port.
    let url: URL
    /// Set once the task is being stopped. Linux's URLSession traps when a redirect is
    /// answered after the task was cancelled, so the answer is given under this lock, before
    /// the stop begins, or not at all.
    private let isStopping = LockedState(false)

    init(connection: HTTPConnection, url: URL) {
      self.connection = connection
      self.url = url
    }

    /// Called before the task is cancelled: no redirect is answered from now on.
    func stopAnswering() {
      isStopping.withLock { $0 = true }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      // `HTTPExchange` follows redirects itself, with its own limits: declined here, the head
      // goes to it now and it stops this task at once, so the redirect's body is not read
      // (where the platform has not read it already).
      isStopping.withLock { isStopping in
        if !isStopping { completionHandler(nil) }
      }
      connection.deliver(head: HTTPResponseHead(response))
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      guard let response = response as? HTTPURLResponse else {
        connection.finish(throwing: HTTPExchange.notHTTP(url))
        completionHandler(.cancel)
        return
      }
      connection.deliver(head: HTTPResponseHead(response))
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      // Past the limit the connection stops the task itself, off this queue.
      connection.deliver(body: [UInt8](data))
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      connection.finish(throwing: error.map { HTTPError(urlSessionError: $0, url: url) })
      session.finishTasksAndInvalidate()
    }
  }

  extension HTTPError {
    /// What URLSession's `error` on a request to `url` is for the caller: its timeout and
    /// cancellation as ours, any other `URLError` as a connectivity problem in words after the
    /// URL's scheme, host and port (never its path or query), anything else as its text.
    init(urlSessionError error: any Error, url: URL) {
      let place = HTTPHost.place(of: url)
      guard let urlError = error as? URLError else {
        self = .connectivity("\(place): \(Excerpt.of("\(error)", length: 200))")
        return
      }
      switch urlError.code {
      case .timedOut: self = .timeout
      case .cancelled: self = .cancelled
      default: self = .connectivity("\(place): \(Self.describe(urlError.code))")
      }
    }

    /// Words for the codes a fetch commonly meets, with the code for the rest.
    private static func describe(_ code: URLError.Code) -> String {
      switch code {
      case .cannotConnectToHost: "connection refused"
      case .cannotFindHost, .dnsLookupFailed: "host not found"
      case .networkConnectionLost: "connection lost"
      case .notConnectedToInternet: "not connected to the internet"
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
        "TLS connection failed"
      case .badServerResponse: "malformed HTTP response"
      case .httpTooManyRedirects, .redirectToNonExistentLocation: "bad redirect"
      case .unsupportedURL, .badURL: "unsupported URL"
      case .unknown: "the connection failed"
      default: "URL error \(code.rawValue)"
      }
    }
  }
#endif
