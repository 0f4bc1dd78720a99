package import Core
import Foundation

/// Request/response exchanges with a whole body: what template sources, token endpoints and
/// the Firebase APIs use. (The real-time stream, whose body never ends, uses `HTTPExchange`
/// directly.)
///
/// The deadline covers the whole exchange, redirects included, not only silences: a server
/// trickling one byte at a time still runs out of time, and the call returns then even if the
/// platform is slow to let go of the request. Bodies count against `maximumBodyBytes` as
/// they arrive (declared or received), and the download stops there.
///
/// A body with `Content-Encoding: gzip` that still starts with the gzip magic is inflated
/// here, with the same limit for the inflated bytes (a gzip bomb stops at the limit): our
/// socket transport delivers bodies as sent, while URLSession decodes gzip itself, so the
/// caller sees the decoded body whichever transport carried it. Requests carrying a secret
/// go only where `HTTPSecretGuard` allows.
package struct HTTPClient: Sendable {
  /// The clock the deadline runs on.
  let time: any TimeSource
  /// Which transports carry `http:` and `https:`.
  let transport: HTTPTransportChoice
  /// Where a request carrying a secret may go over plain http.
  let secretGuard: HTTPSecretGuard

  /// A client whose deadlines run on `time`.
  /// - Parameters:
  ///   - transport: `.automatic` (our socket transport for http, and for https on Linux;
  ///     URLSession for https on Apple's systems), `.platform` (URLSession for both, Apple's
  ///     systems) or `.sockets(trusting:)` (Linux, https trusting a given authority).
  ///   - plainHTTPSecretHosts: hosts (`host` or `host:port`) besides loopback that may
  ///     receive a request carrying a secret over plain http, e.g. the metadata server.
  package init(
    time: any TimeSource, transport: HTTPTransportChoice = .automatic,
    plainHTTPSecretHosts: Set<String> = []
  ) {
    self.time = time
    self.transport = transport
    self.secretGuard = HTTPSecretGuard(plainHTTPHosts: plainHTTPSecretHosts)
  }

  /// Sends `request` and reads the final response whole, whatever its status.
  /// - Parameter acceptsGzip: whether to send `Accept-Encoding: gzip` (unless the request
  ///   names an `Accept-Encoding` itself). A gzip response is inflated either way.
  /// - Throws: `HTTPError` for every failure (see its cases for what each transport's own
  ///   failures become).
  package func send(
    _ request: HTTPRequest, timeout: Duration, maximumBodyBytes: Int, acceptsGzip: Bool = false
  ) async throws(HTTPError) -> HTTPResponse {
    var request = request
    if acceptsGzip, request.header("Accept-Encoding") == nil {
      request.headers.append((name: "Accept-Encoding", value: "gzip"))
    }
    let outcome = await Deadline.race(
      timeout: timeout, time: time,
      timedOut: Result<HTTPResponse, HTTPError>.failure(.timeout),
      cancelled: .failure(.cancelled)
    ) { [request, transport, secretGuard] in
      await Self.receive(
        request, timeout: timeout, maximumBodyBytes: maximumBodyBytes, transport: transport,
        secretGuard: secretGuard)
    }
    return try outcome.get()
  }

  /// Reads the final response to its end, or to the first reason to stop.
  private static func receive(
    _ request: HTTPRequest, timeout: Duration, maximumBodyBytes: Int,
    transport: HTTPTransportChoice, secretGuard: HTTPSecretGuard
  ) async -> Result<HTTPResponse, HTTPError> {
    let exchange: HTTPExchange
    do {
      exchange = try await HTTPExchange.open(
        request, idleTimeout: timeout, resourceTimeout: timeout,
        maximumBodyBytes: maximumBodyBytes, transport: transport, secretGuard: secretGuard)
    } catch {
      return .failure(error)
    }
    defer { exchange.cancel() }
    let head = exchange.head
    if let declared = head.contentLength, declared > maximumBodyBytes,
      head.hasBody(toRequestMethod: request.method)
    {
      return .failure(.bodyTooLarge(limit: maximumBodyBytes))
    }
    var body: [UInt8] = []
    body.reserveCapacity(min(head.contentLength ?? 0, maximumBodyBytes))
    do throws(HTTPError) {
      for try await chunk in exchange.body {
        guard chunk.count <= maximumBodyBytes - body.count else {
          return .failure(.bodyTooLarge(limit: maximumBodyBytes))
        }
        body += chunk
      }
    } catch .connectivity {
      // Once the head has arrived, a broken connection means the body was cut short.
      // (URLSession reports a body it could not decode the same way.) The declared length
      // is given only for the bytes as sent: a decoded length is not comparable.
      let isAsSent = exchange.bodyIsAsSent || head.isIdentityEncoded
      return .failure(
        .truncatedBody(received: body.count, expected: isAsSent ? head.contentLength : nil))
    } catch {
      return .failure(error)
    }
    if Task.isCancelled { return .failure(.cancelled) }
    return decoded(body, head: head, exchange: exchange, request: request, limit: maximumBodyBytes)
  }

  /// The body as the caller sees it: checked against its `Content-Length` while it is still
  /// as sent, then inflated when it is still gzip.
  private static func decoded(
    _ body: [UInt8], head: HTTPResponseHead, exchange: HTTPExchange, request: HTTPRequest,
    limit: Int
  ) -> Result<HTTPResponse, HTTPError> {
    let isStillGzip = head.isGzipEncoded && GzipInflater.startsWithMagic(body)
    // The received length is comparable with `Content-Length` only for the bytes as sent:
    // URLSession may have decoded them.
    let isAsSent = exchange.bodyIsAsSent || head.isIdentityEncoded || isStillGzip
    if isAsSent, head.hasBody(toRequestMethod: request.method),
      let declared = head.contentLength, body.count < declared
    {
      return .failure(.truncatedBody(received: body.count, expected: declared))
    }
    var body = body
    if isStillGzip {
      do {
        body = try GzipInflater.inflate(body, limit: limit)
      } catch .outputTooLarge {
        return .failure(.bodyTooLarge(limit: limit))
      } catch {
        return .failure(.invalidResponse("gzip: \(error)"))
      }
    } else if head.isGzipEncoded, exchange.bodyIsAsSent, !body.isEmpty {
      // Our transport never decodes: a gzip body without the magic is not gzip at all.
      return .failure(.invalidResponse("gzip: \(GzipError.notGzip(offset: 0))"))
    }
    return .success(HTTPResponse(head: head, body: body, url: exchange.url))
  }
}
