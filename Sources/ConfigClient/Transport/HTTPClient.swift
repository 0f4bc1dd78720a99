import Core
import Foundation

/// Request/response exchanges with a whole body: what template sources, token endpoints and
/// the Firebase APIs use. (The real-time stream, whose body never ends, uses `HTTPExchange`
/// directly.)
///
/// The deadline covers the whole exchange, redirects included, not only silences: a server
/// trickling one byte at a time still runs out of time, and the call returns then even if the
/// platform is slow to let go of the request. Bodies count against `maximumBodyBytes` as
/// they arrive (declared or received), and the download stops there.
struct HTTPClient: Sendable {
  /// The clock the deadline runs on.
  let time: any TimeSource

  /// A client whose deadlines run on `time`.
  init(time: any TimeSource) {
    self.time = time
  }

  /// Sends `request` and reads the final response whole, whatever its status.
  /// - Throws: `HTTPClientError` for every failure.
  func send(
    _ request: HTTPRequest, timeout: Duration, maximumBodyBytes: Int
  ) async throws(HTTPClientError) -> HTTPResponse {
    let outcome = await FetchDeadline.race(
      timeout: timeout, time: time,
      timedOut: Result<HTTPResponse, HTTPClientError>.failure(.timeout),
      cancelled: .failure(.cancelled)
    ) {
      await Self.receive(request, timeout: timeout, maximumBodyBytes: maximumBodyBytes)
    }
    return try outcome.get()
  }

  /// Reads the final response to its end, or to the first reason to stop.
  private static func receive(
    _ request: HTTPRequest, timeout: Duration, maximumBodyBytes: Int
  ) async -> Result<HTTPResponse, HTTPClientError> {
    let exchange: HTTPExchange
    do {
      exchange = try await HTTPExchange.open(
        request, idleTimeout: timeout, resourceTimeout: timeout,
        maximumBodyBytes: maximumBodyBytes)
    } catch {
      return .failure(
        failure(error, url: request.url, afterHead: nil, received: 0, limit: maximumBodyBytes))
    }
    defer { exchange.cancel() }
    let head = exchange.head
    if let declared = head.contentLength, declared > maximumBodyBytes {
      return .failure(.bodyTooLarge(limit: maximumBodyBytes))
    }
    var body: [UInt8] = []
    body.reserveCapacity(min(head.contentLength ?? 0, maximumBodyBytes))
    do {
      for try await chunk in exchange.body {
        guard chunk.count <= maximumBodyBytes - body.count else {
          return .failure(.bodyTooLarge(limit: maximumBodyBytes))
        }
        body += chunk
      }
    } catch {
      return .failure(
        failure(
          error, url: exchange.url, afterHead: head, received: body.count, limit: maximumBodyBytes))
    }
    if Task.isCancelled { return .failure(.cancelled) }
    if let declared = head.contentLength, head.isIdentityEncoded, body.count < declared {
      return .failure(.truncatedBody(received: body.count, expected: declared))
    }
    return .success(HTTPResponse(head: head, body: body, url: exchange.url))
  }

  /// Maps a transport error; once a head has arrived, a broken connection means the body
  /// was cut short.
  private static func failure(
    _ error: any Error, url: URL, afterHead head: HTTPResponseHead?, received: Int, limit: Int
  ) -> HTTPClientError {
    if let exchangeError = error as? HTTPExchangeError {
      switch exchangeError {
      case .bodyTooLarge: return .bodyTooLarge(limit: limit)
      case .notHTTP: return .invalidResponse("\(url.scheme ?? "?") is not HTTP")
      case .noResponse, .tooManyRedirects, .badRedirect, .invalidHeader, .malformedResponse:
        return .invalidResponse(exchangeError.description)
      }
    }
    switch HTTPFailure(error, url: url) {
    case .timeout:
      return .timeout
    case .cancelled:
      return .cancelled
    case .connectivity(let message):
      guard let head else { return .connectivity(message) }
      return .truncatedBody(received: received, expected: head.contentLength)
    }
  }
}
