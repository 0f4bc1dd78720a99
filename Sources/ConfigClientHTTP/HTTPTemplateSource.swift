public import ConfigClient
public import Core
public import Foundation
package import HTTPTransport

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
/// `HTTPExchange`), and a redirect that is not followed is `.invalidResponse`. It sends
/// `Accept-Encoding: gzip`, so a CDN may compress the template; the body is inflated within
/// the same limit (see `HTTPClient`).
///
/// Each fetch has its own connection, with no URL cache: the ETag logic is the client's,
/// and a cache would answer for the server.
public struct HTTPTemplateSource: TemplateSource {
  /// Where the template is.
  public let url: URL
  /// The largest body accepted, in bytes.
  public let maximumBodyBytes: Int
  /// Extra request headers, e.g. `Authorization` or a cookie: sent to `url`'s origin only,
  /// never to another one a redirect leads to.
  public let headers: [String: String]
  /// The clock the fetch timeout runs on.
  let timeSource: any TimeSource

  /// A source for the template at `url`.
  /// - Parameters:
  ///   - maximumBodyBytes: the largest body accepted (Firebase's own limit is 1,000,000).
  ///   - headers: extra request headers, for `url`'s origin only (a redirect to another
  ///     origin carries none of them).
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

  /// GETs the template, conditionally on the request's ETag, giving up after its timeout.
  ///
  /// The deadline covers the whole fetch, redirects included, not only silences (see
  /// `HTTPClient`).
  /// - Throws: `TemplateSourceError` for every failure, as the type's summary describes.
  public func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    let response: HTTPResponse
    do {
      response = try await HTTPClient(time: timeSource).send(
        makeRequest(ifNoneMatch: request.etag), timeout: request.timeout,
        maximumBodyBytes: maximumBodyBytes,
        acceptsGzip: true)
    } catch {
      throw TemplateSourceError(error)
    }
    switch response.status {
    case 200: return .template(body: response.body, etag: response.header("ETag"))
    case 304: return .notModified
    default: throw .http(status: response.status, retryAfter: response.head.retryAfter)
    }
  }

  private func makeRequest(ifNoneMatch etag: String?) -> HTTPRequest {
    var fields = [(name: "Accept", value: "application/json")]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      fields.append((name, value))
    }
    if let etag { fields.append((name: "If-None-Match", value: etag)) }
    return HTTPRequest(url: url, headers: fields)
  }
}

extension TemplateSourceError {
  /// The client's vocabulary for a failed exchange.
  package init(_ error: HTTPError) {
    switch error {
    case .timeout: self = .timeout
    case .cancelled: self = FetchDeadline.cancelled
    case .connectivity(let message): self = .connectivity(message)
    case .invalidHost(let refusal): self = .connectivity(refusal.description)
    case .bodyTooLarge(let limit): self = .bodyTooLarge(limit: limit)
    case .truncatedBody(let received, let expected):
      self = .truncatedBody(received: received, expected: expected)
    case .invalidResponse(let message): self = .invalidResponse(message)
    case .secretRefused(let refusal): self = .connectivity(refusal.description)
    }
  }
}
