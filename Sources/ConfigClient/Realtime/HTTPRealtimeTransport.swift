import Core
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real-time stream over HTTP: a GET whose response never ends, carrying one JSON
/// message per line or Server-Sent Events (`RealtimeMessageFramer` reads both).
///
/// The body is read chunk by chunk as it arrives (`HTTPExchange`: our own HTTP/1.1 for http,
/// URLSession for https), redirects followed as for templates. A stream silent for longer than `idleTimeout` fails with `.timeout`, so a
/// connection a proxy dropped without telling anyone is noticed and replaced; a server
/// should send a blank line or an SSE comment more often than that.
public struct HTTPRealtimeTransport: RealtimeTransport {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let url: URL
  /// Extra request headers, e.g. `Authorization`.
  public let headers: [String: String]
  /// The longest silence tolerated, before and after the response head (in whole seconds,
  /// rounded up, over https: Linux's URLSession counts whole seconds).
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
    var fields = [
      (name: "Accept", value: "text/event-stream, application/json"),
      (name: "Cache-Control", value: "no-cache"),
    ]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      fields.append((name, value))
    }
    let exchange: HTTPExchange
    do {
      // A long-lived stream has no total deadline and no size limit, only the idle timeout.
      exchange = try await HTTPExchange.open(
        HTTPRequest(url: url, headers: fields), idleTimeout: idleTimeout,
        resourceTimeout: .seconds(365 * 86_400), maximumBodyBytes: nil)
    } catch {
      throw mapError(error)
    }
    guard exchange.head.status == 200 else {
      exchange.cancel()
      throw .http(status: exchange.head.status, retryAfter: exchange.head.retryAfter)
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
      return .invalidResponse(exchangeError.description)
    }
    switch HTTPFailure(error, url: url) {
    case .timeout: return .timeout
    case .cancelled: return .connectivity("the stream was cancelled")
    case .connectivity(let message): return .connectivity(message)
    }
  }
}
