import Core
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTPS through URLSession (TLS is the platform's), read through a `URLSessionDataDelegate`
/// rather than `bytes(for:)`, which Linux's URLSession lacks.
///
/// URLSession never follows a redirect here: the delegate declines, so the redirect's head
/// comes back to `HTTPExchange`, which follows it itself. On Apple platforms that happens as
/// soon as the head arrives; Linux's URLSession first reads the redirect's body, out of our
/// sight, so there only the caller's deadline bounds it. Each request has its own ephemeral
/// session, with no URL cache and no cookies, invalidated when the request ends.
enum HTTPSessionTransport {
  /// Sends `request` and feeds the response to `connection`.
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
    let delegate = SessionDelegate(connection: connection)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    let task = session.dataTask(with: urlRequest)
    connection.setStop {
      task.cancel()
      session.invalidateAndCancel()
    }
    task.resume()
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

  init(connection: HTTPConnection) {
    self.connection = connection
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // `HTTPExchange` follows redirects itself, with its own limits.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let response = response as? HTTPURLResponse else {
      connection.finish(throwing: HTTPExchangeError.notHTTP)
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
    connection.finish(throwing: error)
    session.finishTasksAndInvalidate()
  }
}
