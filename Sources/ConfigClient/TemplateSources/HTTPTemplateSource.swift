import Core
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `TemplateSource` that GETs the template JSON from any HTTP(S) URL: a CDN, S3, nginx,
/// a backend.
///
/// Sends `If-None-Match` with the stored ETag and maps every answer to the client's
/// vocabulary: 200 is a template (with its `ETag`), 304 is `.notModified`, any other status
/// is `.http(status:retryAfter:)` with `Retry-After` read as seconds or an HTTP-date; a
/// refused, reset or unreachable connection is `.connectivity`; silence past the timeout is
/// `.timeout`; a body over `maximumBodyBytes` (declared or actually received) is
/// `.bodyTooLarge`, and the download stops there; a body shorter than its `Content-Length`
/// is `.truncatedBody`. Redirects are followed (at most 10, never from https to http; see
/// `HTTPExchange`), and a redirect that is not followed is `.invalidResponse`.
///
/// Each fetch has its own connection, with no URL cache: the ETag logic is the client's,
/// and a cache would answer for the server.
public struct HTTPTemplateSource: TemplateSource {
  /// Where the template is.
  public let url: URL
  /// The largest body accepted, in bytes.
  public let maximumBodyBytes: Int
  /// Extra request headers, e.g. `Authorization`.
  public let headers: [String: String]
  /// The clock the fetch timeout runs on.
  let timeSource: any TimeSource

  /// A source for the template at `url`.
  /// - Parameters:
  ///   - maximumBodyBytes: the largest body accepted (Firebase's own limit is 1,000,000).
  ///   - headers: extra request headers.
  ///   - timeSource: the clock for the fetch timeout (the system clock unless given).
  public init(
    url: URL, maximumBodyBytes: Int = 1_000_000, headers: [String: String] = [:],
    timeSource: any TimeSource = SystemTimeSource()
  ) {
    self.url = url
    self.maximumBodyBytes = max(0, maximumBodyBytes)
    self.headers = headers
    self.timeSource = timeSource
  }

  /// GETs the template, conditionally on `etag`, giving up after `timeout`.
  ///
  /// The deadline covers the whole fetch, redirects included, not only silences: a server
  /// trickling one byte at a time, or streaming a redirect's body without end, still runs
  /// out of time, and the fetch ends then even if the platform is slow to let go of the
  /// request.
  /// - Throws: `TemplateSourceError` for every failure, as the type's summary describes.
  public func fetchTemplate(
    ifNoneMatch etag: String?, timeout: Duration
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    let request = makeRequest(ifNoneMatch: etag)
    let outcome = await FetchDeadline.race(
      timeout: timeout, time: timeSource, timedOut: .failure(.timeout),
      cancelled: .failure(FetchDeadline.cancelled)
    ) {
      await receive(request, timeout: timeout)
    }
    return try outcome.get()
  }

  private func makeRequest(ifNoneMatch etag: String?) -> HTTPRequest {
    var fields = [(name: "Accept", value: "application/json")]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      fields.append((name, value))
    }
    if let etag { fields.append((name: "If-None-Match", value: etag)) }
    return HTTPRequest(url: url, headers: fields)
  }

  /// Reads the final response to its end, or to the first reason to stop.
  private func receive(
    _ request: HTTPRequest, timeout: Duration
  ) async -> Result<TemplateFetchResponse, TemplateSourceError> {
    let exchange: HTTPExchange
    do {
      exchange = try await HTTPExchange.open(
        request, idleTimeout: timeout, resourceTimeout: timeout,
        maximumBodyBytes: maximumBodyBytes)
    } catch {
      return .failure(failure(error, afterHead: nil, received: 0))
    }
    defer { exchange.cancel() }
    let head = exchange.head
    switch head.status {
    case 200:
      break
    case 304:
      return .success(.notModified)
    default:
      return .failure(.http(status: head.status, retryAfter: head.retryAfter))
    }
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
      return .failure(failure(error, afterHead: head, received: body.count))
    }
    if Task.isCancelled { return .failure(FetchDeadline.cancelled) }
    if let declared = head.contentLength, head.isIdentityEncoded, body.count < declared {
      return .failure(.truncatedBody(received: body.count, expected: declared))
    }
    return .success(.template(body: body, etag: head.header("ETag")))
  }

  /// Maps a transport error; once a 200 head has arrived, a broken connection means the
  /// body was cut short.
  private func failure(
    _ error: any Error, afterHead head: HTTPResponseHead?, received: Int
  ) -> TemplateSourceError {
    if let exchangeError = error as? HTTPExchangeError {
      switch exchangeError {
      case .bodyTooLarge: return .bodyTooLarge(limit: maximumBodyBytes)
      case .notHTTP: return .invalidResponse("\(url.scheme ?? "?") is not HTTP")
      case .noResponse, .tooManyRedirects, .badRedirect, .invalidHeader, .malformedResponse:
        return .invalidResponse(exchangeError.description)
      }
    }
    switch HTTPFailure(error, url: url) {
    case .timeout:
      return .timeout
    case .cancelled:
      return FetchDeadline.cancelled
    case .connectivity(let message):
      guard let head else { return .connectivity(message) }
      return .truncatedBody(received: received, expected: head.contentLength)
    }
  }
}
