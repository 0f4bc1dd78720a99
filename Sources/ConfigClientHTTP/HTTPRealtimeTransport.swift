public import ConfigClient
import Core
public import Foundation
import HTTPTransport

/// The real-time stream over HTTP: a GET whose response never ends, carrying one JSON
/// message per line or Server-Sent Events (`RealtimeMessageFramer` reads both).
///
/// The body is read chunk by chunk as it arrives (`RealtimeHTTPStream` over `HTTPExchange`:
/// our own HTTP/1.1, over TLS for https on Linux; URLSession for https on Apple's systems),
/// redirects followed as for templates. A
/// stream silent for longer than `idleTimeout` fails with `.timeout`, so a
/// connection a proxy dropped without telling anyone is noticed and replaced; a server
/// should send a blank line or an SSE comment more often than that.
public struct HTTPRealtimeTransport: RealtimeTransport {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let url: URL
  /// Extra request headers, e.g. `Authorization`.
  public let headers: [String: String]
  /// The longest silence tolerated, before and after the response head (in whole seconds,
  /// rounded up, over URLSession, which counts whole seconds).
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
    return try await RealtimeHTTPStream.open(
      HTTPRequest(url: url, headers: fields), idleTimeout: idleTimeout
    ) { exchange in
      .http(status: exchange.head.status, retryAfter: exchange.head.retryAfter)
    }
  }
}
