import Core
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

/// The one error the HTTP layer throws: what each failure inside it becomes, the case and the
/// text, at each boundary a caller meets (`HTTPExchange.open` and its body, `HTTPClient.send`).
/// The failures are real where they can be: a port nothing listens on, a server that stays
/// silent, answers what is not HTTP or cuts its body short, a TLS handshake against the test
/// TLS server, a proxy that refuses the tunnel.
@Suite("HTTPError", .timeLimit(.minutes(2)))
struct HTTPErrorTests {
  /// A failure made real, named by the internal value the layer meets.
  enum Failure: CaseIterable, CustomTestStringConvertible {
    /// `SocketTransportError.cannotConnect`: a port where nothing listens.
    case cannotConnect
    /// `SocketTransportError.timedOut`: a server that reads the request and says nothing.
    case timedOut
    /// `SocketTransportError.connectionLost`: a body cut short of its `Content-Length`.
    case connectionLost
    /// `SocketTransportError.cancelled`: the waiting task cancelled while the server is silent.
    case cancelled
    /// The response reader's `malformed`: a chunk size that is not hexadecimal.
    case malformed
    /// The connection's limit: a body without end.
    case bodyTooLarge
    /// More than `HTTPExchange.maximumRedirects` redirects.
    case tooManyRedirects
    /// A URL that is not http(s).
    case notHTTP
    /// `HTTPHostRefusal`: the request's host holds a NUL.
    case invalidHost
    /// `HTTPSecretGuard`: a token for a plain-http host that is not loopback.
    case secretRefused
    #if !canImport(Darwin)
      /// `SocketTransportError.tls`: a certificate from an authority that is not trusted.
      case tls
      /// `SocketTransportError.proxy`: a proxy that answers `CONNECT` with 407.
      case proxy
    #endif

    var testDescription: String { "\(self)" }
  }

  /// What each boundary threw: the exchange (opening it, then reading its body to the end)
  /// and the client; nil for one that threw nothing.
  struct Thrown: Equatable {
    var exchange: HTTPError?
    var client: HTTPError?
  }

  @Test(
    "each failure inside the layer leaves it as one HTTPError case with its text, from the exchange and the client alike (a broken body is a truncated one for the client)",
    arguments: Failure.allCases)
  func mapping(failure: Failure) async throws {
    switch failure {
    case .cannotConnect:
      let closed = try ClosedLoopbackPort()
      let thrown = await Self.thrown(HTTPRequest(url: closed.url("/t?key=SECRET")))
      let place = "http://127.0.0.1:\(closed.port)"
      Self.check(
        thrown, both: .connectivity("\(place): connection refused"),
        text: "cannot connect to \(place): connection refused")
    case .timedOut:
      try await LoopbackHTTPServer.with { server in
        server.enqueue(at: "/t", .stall, .stall)
        // The manual clock never ends the client's call: only the idle timeout can.
        let thrown = await Self.thrown(
          HTTPRequest(url: server.url("/t")), timeout: .milliseconds(200))
        Self.check(thrown, both: .timeout, text: "no answer within the timeout")
      }
    case .connectionLost:
      try await LoopbackHTTPServer.with { server in
        server.enqueue(
          at: "/t", .cutShort("{}", declaredLength: 500), .cutShort("{}", declaredLength: 500))
        let thrown = await Self.thrown(HTTPRequest(url: server.url("/t")))
        let place = "http://127.0.0.1:\(server.port)"
        Self.check(
          thrown.exchange, .connectivity("\(place): connection lost"),
          text: "cannot connect to \(place): connection lost")
        Self.check(
          thrown.client, .truncatedBody(received: 2, expected: 500),
          text: "the response body was cut short after 2 of 500 bytes")
      }
    case .cancelled:
      try await LoopbackHTTPServer.with { server in
        server.enqueue(at: "/t", .stall, .stall)
        let request = HTTPRequest(url: server.url("/t"))
        let exchange = Task { await Self.exchangeThrown(request) }
        _ = await server.waitForRequests(count: 1)
        exchange.cancel()
        let client = Task { await Self.clientThrown(request) }
        _ = await server.waitForRequests(count: 2)
        client.cancel()
        let thrown = Thrown(exchange: await exchange.value, client: await client.value)
        Self.check(thrown, both: .cancelled, text: "the request was cancelled")
      }
    case .malformed:
      try await LoopbackHTTPServer.with { server in
        server.handle("/t") { _ in
          LoopbackResponse(
            status: 200, headers: [(name: "Transfer-Encoding", value: "chunked")],
            body: .closeDelimited(Array("zz\r\n".utf8)))
        }
        let thrown = await Self.thrown(HTTPRequest(url: server.url("/t")))
        Self.check(
          thrown, both: .invalidResponse("malformed HTTP response: invalid chunk size"),
          text: "invalid HTTP response: malformed HTTP response: invalid chunk size")
      }
    case .bodyTooLarge:
      try await LoopbackHTTPServer.with { server in
        server.handle("/t") { _ in .endless() }
        let thrown = await Self.thrown(HTTPRequest(url: server.url("/t")), limit: 100)
        Self.check(
          thrown, both: .bodyTooLarge(limit: 100),
          text: "the response body is larger than the limit of 100 bytes")
      }
    case .tooManyRedirects:
      try await LoopbackHTTPServer.with { server in
        server.handle("/loop") { _ in .redirect(to: "/loop") }
        let thrown = await Self.thrown(HTTPRequest(url: server.url("/loop")))
        Self.check(
          thrown, both: .invalidResponse("more than 10 redirects"),
          text: "invalid HTTP response: more than 10 redirects")
      }
    case .notHTTP:
      let thrown = await Self.thrown(
        HTTPRequest(url: try #require(URL(string: "ftp://127.0.0.1/t"))))
      Self.check(
        thrown, both: .invalidResponse("ftp is not HTTP"),
        text: "invalid HTTP response: ftp is not HTTP")
    case .invalidHost:
      let url = try #require(URL(string: "http://127.0.0.1%00:8080/t?key=SECRET"))
      let thrown = await Self.thrown(HTTPRequest(url: url))
      let refusal = try #require(HTTPHostTests.refusal(of: url))
      #expect(refusal.reason == .byte(0))
      Self.check(
        thrown, both: .invalidHost(refusal),
        text:
          "cannot connect to http://127.0.0.1%00:8080: the host holds %00, which no host name or"
          + " address holds")
    case .secretRefused:
      let url = try #require(URL(string: "http://example.invalid:8080/token?key=SECRET"))
      let thrown = await Self.thrown(
        HTTPRequest(url: url, headers: [(name: "Authorization", value: "Bearer SECRET")]))
      let refusal = HTTPSecretRefusal(scheme: "http", host: try HTTPHost(url), reason: .plainHTTP)
      Self.check(thrown, both: .secretRefused(refusal), text: refusal.description)
    #if !canImport(Darwin)
      case .tls:
        try await TLSTestServer.with { server in
          let other = HTTPTransportChoice.sockets(
            trusting: .certificateFile(TLSTestServer.otherCACertificatePath))
          let thrown = await Self.thrown(HTTPRequest(url: server.url("/hello")), over: other)
          let message =
            "https://localhost:\(server.port): TLS handshake failed: certificate verify failed"
            + " (unable to get local issuer certificate)"
          Self.check(thrown, both: .connectivity(message), text: "cannot connect to \(message)")
        }
      case .proxy:
        try await TLSTestServer.with(.connectProxy) { proxy in
          let proxies = HTTPProxySettings(
            environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)"])
          let thrown = await Self.thrown(
            HTTPRequest(url: try #require(URL(string: "https://proxied.test/hello?key=SECRET"))),
            over: .sockets(trusting: .system, proxies: proxies))
          let message =
            "https://proxied.test: proxy: the proxy refused the tunnel: HTTP 407 Proxy"
            + " Authentication Required"
          Self.check(thrown, both: .connectivity(message), text: "cannot connect to \(message)")
        }
    #endif
    }
  }

  @Test(
    "each failure of the socket run becomes its HTTPError, naming the URL by scheme, host and port only",
    arguments: [
      (SocketTransportError.cancelled, HTTPError.cancelled),
      (.timedOut, .timeout),
      (.cannotFindHost, .connectivity("https://a.test:8443: host not found")),
      (.cannotConnect, .connectivity("https://a.test:8443: connection refused")),
      (.connectionLost, .connectivity("https://a.test:8443: connection lost")),
      (
        .tls(.handshake("certificate verify failed (hostname mismatch)")),
        .connectivity(
          "https://a.test:8443: TLS handshake failed: certificate verify failed (hostname mismatch)"
        )
      ),
      (
        .tls(.unavailable("no usable OpenSSL library")),
        .connectivity("https://a.test:8443: TLS is unavailable: no usable OpenSSL library")
      ),
      (
        .tls(.connection("the connection ended without TLS's close_notify")),
        .connectivity(
          "https://a.test:8443: TLS connection failed: the connection ended without TLS's"
            + " close_notify")
      ),
      (
        .proxy("cannot connect to the proxy"),
        .connectivity("https://a.test:8443: proxy: cannot connect to the proxy")
      ),
    ])
  func socketRunFailure(failure: SocketTransportError, expected: HTTPError) throws {
    let url = try #require(URL(string: "https://user:SECRET@a.test:8443/p/t.json?key=SECRET"))
    let error = HTTPError(failure, url: url)
    #expect(error == expected)
    #expect(!error.description.contains("SECRET"))
    #expect(!error.description.contains("t.json"))
  }

  // MARK: - Helpers

  /// What `request` throws at each boundary, the client's deadline `timeout` on a clock that
  /// never moves (so only the transport's idle timeout, the same, can end it).
  static func thrown(
    _ request: HTTPRequest, over transport: HTTPTransportChoice = .automatic,
    timeout: Duration = .seconds(30), limit: Int = 1_000_000
  ) async -> Thrown {
    Thrown(
      exchange: await exchangeThrown(request, over: transport, timeout: timeout, limit: limit),
      client: await clientThrown(request, over: transport, timeout: timeout, limit: limit))
  }

  /// What opening an exchange for `request`, then reading its body to the end, threw.
  static func exchangeThrown(
    _ request: HTTPRequest, over transport: HTTPTransportChoice = .automatic,
    timeout: Duration = .seconds(30), limit: Int = 1_000_000
  ) async -> HTTPError? {
    // Typed: no caller casts what the exchange or its body throws.
    do throws(HTTPError) {
      let exchange = try await HTTPExchange.open(
        request, idleTimeout: timeout, resourceTimeout: timeout, maximumBodyBytes: limit,
        transport: transport)
      defer { exchange.cancel() }
      for try await _ in exchange.body {}
      return nil
    } catch {
      return error
    }
  }

  /// What `HTTPClient.send` threw for `request`.
  static func clientThrown(
    _ request: HTTPRequest, over transport: HTTPTransportChoice = .automatic,
    timeout: Duration = .seconds(30), limit: Int = 1_000_000
  ) async -> HTTPError? {
    do throws(HTTPError) {
      _ = try await HTTPClient(time: ManualTimeSource(), transport: transport).send(
        request, timeout: timeout, maximumBodyBytes: limit)
      return nil
    } catch {
      return error
    }
  }

  /// Checks that both boundaries threw `expected`, which reads `text`.
  static func check(
    _ thrown: Thrown, both expected: HTTPError, text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(thrown == Thrown(exchange: expected, client: expected), sourceLocation: sourceLocation)
    #expect(expected.description == text, sourceLocation: sourceLocation)
  }

  /// Checks that one boundary threw `expected`, which reads `text`.
  static func check(
    _ thrown: HTTPError?, _ expected: HTTPError, text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(thrown == expected, sourceLocation: sourceLocation)
    #expect(expected.description == text, sourceLocation: sourceLocation)
  }
}
