import Core
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real-time stream over HTTP: a GET whose response never ends, carrying one JSON
/// message per line or Server-Sent Events (`RealtimeMessageFramer` reads both).
///
/// The body is read through a `URLSessionDataDelegate`, chunk by chunk, on Linux and Apple
/// platforms alike. A stream silent for longer than `idleTimeout` fails with `.timeout`, so a
/// connection a proxy dropped without telling anyone is noticed and replaced; a server
/// should send a blank line or an SSE comment more often than that.
public struct HTTPRealtimeTransport: RealtimeTransport {
  /// The stream's URL.
  public let url: URL
  /// Extra request headers, e.g. `Authorization`.
  public let headers: [String: String]
  /// The longest silence tolerated, before and after the response head, in whole seconds
  /// (rounded up: Linux's URLSession counts whole seconds).
  public let idleTimeout: Duration

  /// A transport for the stream at `url`.
  public init(url: URL, headers: [String: String] = [:], idleTimeout: Duration = .seconds(300)) {
    self.url = url
    self.headers = headers
    self.idleTimeout = idleTimeout
  }

  /// Opens the stream and returns its bytes once the server has answered 200.
  /// - Throws: `RealtimeStreamError` when the server cannot be reached, stays silent past
  ///   the idle timeout, or answers another status (with its `Retry-After`).
  public func connect() async throws(RealtimeStreamError)
    -> AsyncThrowingStream<[UInt8], any Error>
  {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData,
      timeoutInterval: HTTPExchange.wholeSeconds(idleTimeout))
    request.httpMethod = "GET"
    request.setValue("text/event-stream, application/json", forHTTPHeaderField: "Accept")
    request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      request.setValue(value, forHTTPHeaderField: name)
    }
    // A long-lived stream has no total deadline, only the idle one.
    let exchange = HTTPExchange(
      request,
      configuration: HTTPExchange.configuration(
        idleTimeout: idleTimeout, resourceTimeout: .seconds(365 * 86_400)))
    let head: HTTPResponseHead
    do {
      head = try await exchange.response()
    } catch {
      exchange.cancel()
      throw mapError(error)
    }
    guard head.status == 200 else {
      exchange.cancel()
      throw .http(status: head.status, retryAfter: head.retryAfter)
    }
    return forward(exchange.body)
  }

  /// Re-emits the body with transport errors mapped to `RealtimeStreamError`; stopping the
  /// returned stream stops the forwarding, which cancels the request.
  private func forward(
    _ body: AsyncThrowingStream<[UInt8], any Error>
  ) -> AsyncThrowingStream<[UInt8], any Error> {
    let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    let url = url
    let pump = Task {
      do {
        for try await chunk in body { continuation.yield(chunk) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: Self.mapError(error, url: url))
      }
    }
    continuation.onTermination = { _ in pump.cancel() }
    return stream
  }

  private func mapError(_ error: any Error) -> RealtimeStreamError {
    Self.mapError(error, url: url)
  }

  private static func mapError(_ error: any Error, url: URL) -> RealtimeStreamError {
    if let exchangeError = error as? HTTPExchangeError {
      return .invalidResponse(exchangeError == .notHTTP ? "not an HTTP URL" : "no response")
    }
    switch HTTPFailure(error, url: url) {
    case .timeout: return .timeout
    case .cancelled: return .connectivity("the stream was cancelled")
    case .connectivity(let message): return .connectivity(message)
    }
  }
}
