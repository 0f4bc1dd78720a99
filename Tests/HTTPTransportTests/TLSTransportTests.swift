import Core
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

#if !canImport(Darwin)
  /// `https:` on Linux: our socket transport with OpenSSL, against a real TLS server on
  /// 127.0.0.1 (Python's `ssl`, with a certificate for `localhost` from a test authority).
  /// The server's certificate must chain to the trusted authorities and name the host; the
  /// response is read as plain HTTP's is (framing, redirects, limits).
  // A safety net, not a timing assertion: a handshake that never ends fails the test
  // instead of hanging the run.
  @Suite("HTTPS over our socket transport and OpenSSL", .timeLimit(.minutes(2)))
  struct TLSTransportTests {
    static let testAuthority = HTTPTransportChoice.sockets(
      trusting: .certificateFile(TLSTestServer.caCertificatePath))
    static let hello = #"{"greeting": "hello over tls"}"#

    private func send(
      _ request: HTTPRequest, over transport: HTTPTransportChoice = testAuthority,
      limit: Int = 1_000_000
    ) async throws(HTTPError) -> HTTPResponse {
      try await HTTPClient(time: ManualTimeSource(), transport: transport).send(
        request, timeout: .seconds(30), maximumBodyBytes: limit)
    }

    @Test(
      "a body, with a length or in chunks, arrives whole from a server the authority signed",
      arguments: ["/hello", "/chunked"])
    func bodyArrives(path: String) async throws {
      try await TLSTestServer.with { server in
        let response = try await send(HTTPRequest(url: server.url(path)))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == Self.hello)
      }
    }

    @Test("a redirect is followed over https, and the head's headers arrive as sent")
    func redirectFollowed() async throws {
      try await TLSTestServer.with { server in
        let response = try await send(HTTPRequest(url: server.url("/redirect")))
        #expect(response.url == server.url("/hello"))
        #expect(response.head.header("ETag") == "\"7\"")
        #expect(String(decoding: response.body, as: UTF8.self) == Self.hello)
      }
    }

    @Test("a POST's method, headers and body reach the server through TLS")
    func postReachesServer() async throws {
      try await TLSTestServer.with { server in
        let request = HTTPRequest(
          method: "POST", url: server.url("/echo"),
          headers: [(name: "X-Switchyard-Test", value: "over tls")], body: Array("a=1".utf8))
        let response = try await send(request)
        guard case .object(let echoed) = try JSONParser().parse(response.body) else {
          Issue.record("not an object: \(String(decoding: response.body, as: UTF8.self))")
          return
        }
        #expect(echoed["method"] == .string("POST"))
        #expect(echoed["path"] == .string("/echo"))
        #expect(echoed["body"] == .string("a=1"))
        let headers = echoed["headers"]
        #expect(headers?["x-switchyard-test"] == .string("over tls"))
        // The default port is left out of Host; this one is not the default.
        #expect(headers?["host"] == .string("localhost:\(server.port)"))
      }
    }

    @Test("a stream's bytes arrive as the server sends them, not when the connection ends")
    func streamArrivesAsSent() async throws {
      try await TLSTestServer.with { server in
        let exchange = try await HTTPExchange.open(
          HTTPRequest(url: server.url("/stream")), idleTimeout: .seconds(30),
          resourceTimeout: .seconds(30), maximumBodyBytes: nil, transport: Self.testAuthority)
        #expect(exchange.head.status == 200)
        var chunks = exchange.body.makeAsyncIterator()
        let first = try await chunks.next()
        #expect(
          first.map { String(decoding: $0, as: UTF8.self) }
            == #"{"latestTemplateVersionNumber": 7}"# + "\n")
        exchange.cancel()
      }
    }

    @Test("a body that runs to the connection's end is whole only when TLS says it ended")
    func closeDelimitedBody() async throws {
      try await TLSTestServer.with { server in
        let whole = try await send(HTTPRequest(url: server.url("/until-close")))
        #expect(String(decoding: whole.body, as: UTF8.self) == Self.hello)
        // Without close_notify the end could be an attacker's: the body is cut short.
        await #expect(
          throws: HTTPError.truncatedBody(received: Self.hello.utf8.count, expected: nil)
        ) {
          try await send(HTTPRequest(url: server.url("/cut")))
        }
      }
    }

    @Test("a body larger than the limit ends the fetch at the limit")
    func bodyOverLimit() async throws {
      try await TLSTestServer.with { server in
        await #expect(throws: HTTPError.bodyTooLarge(limit: 100_000)) {
          try await send(HTTPRequest(url: server.url("/big")), limit: 100_000)
        }
      }
    }

    @Test(
      "a certificate that does not chain to a trusted authority, or does not name the host, fails the handshake",
      arguments: [
        (
          address: "ip", trust: TLSTrust.certificateFile(TLSTestServer.caCertificatePath),
          reason: "IP address mismatch"
        ),
        (
          address: "name", trust: .certificateFile(TLSTestServer.otherCACertificatePath),
          reason: "unable to get local issuer certificate"
        ),
        (address: "name", trust: .system, reason: "unable to get local issuer certificate"),
      ])
    func untrustedCertificate(address: String, trust: TLSTrust, reason: String) async throws {
      try await TLSTestServer.with { server in
        let url = address == "ip" ? server.ipURL("/hello") : server.url("/hello")
        let host = address == "ip" ? "127.0.0.1" : "localhost"
        await #expect(
          throws: HTTPError.connectivity(
            "https://\(host):\(server.port): TLS handshake failed: certificate verify failed (\(reason))"
          )
        ) {
          try await send(HTTPRequest(url: url), over: .sockets(trusting: trust))
        }
      }
    }

    @Test(
      "a certificate must name the host in subjectAltName, a wildcard only as a whole label: no name from the subject's CN, no partial wildcard",
      arguments: [
        (kind: TLSTestServer.Kind.subjectNameOnly, name: "cn-only.a.test", isAccepted: false),
        (kind: .partialWildcard, name: "foo.a.test", isAccepted: false),
        (kind: .wildcard, name: "foo.a.test", isAccepted: true),
        (kind: .wildcard, name: "Foo.A.test.", isAccepted: true),
        (kind: .wildcard, name: "a.test", isAccepted: false),
        (kind: .wildcard, name: "x.foo.a.test", isAccepted: false),
      ])
    func strictNames(kind: TLSTestServer.Kind, name: String, isAccepted: Bool) async throws {
      try await TLSTestServer.with(kind) { server in
        // The test's names resolve to the server only here.
        let pinned = HTTPTransportChoice.sockets(
          trusting: .certificateFile(TLSTestServer.caCertificatePath),
          pinning: [name.lowercased(): "127.0.0.1"])
        let request = HTTPRequest(url: server.url("/hello", name: name))
        guard !isAccepted else {
          let response = try await send(request, over: pinned)
          #expect(String(decoding: response.body, as: UTF8.self) == Self.hello)
          return
        }
        await #expect(
          throws: HTTPError.connectivity(
            "https://\(name):\(server.port): TLS handshake failed: certificate verify failed"
              + " (hostname mismatch)")
        ) {
          try await send(request, over: pinned)
        }
      }
    }

    @Test("a trust file that cannot be read is an error, every time")
    func unreadableTrustFile() async throws {
      try await TLSTestServer.with { server in
        let missing = HTTPTransportChoice.sockets(
          trusting: .certificateFile("/nonexistent/switchyard-test-ca.pem"))
        // Twice: a context that could not be made is not kept for the next request.
        for _ in 1...2 {
          let error = await #expect(throws: HTTPError.self) {
            try await send(HTTPRequest(url: server.url("/hello")), over: missing)
          }
          guard case .connectivity(let message)? = error else {
            Issue.record("not a connectivity error: \(String(describing: error))")
            return
          }
          #expect(
            message.hasPrefix(
              "https://localhost:\(server.port): TLS is unavailable: cannot load trusted certificates"
            ),
            "\(message)")
        }
      }
    }

    @Test("an expired certificate fails the handshake, though its authority is trusted")
    func expiredCertificate() async throws {
      try await TLSTestServer.with(.expiredCertificate) { server in
        await #expect(
          throws: HTTPError.connectivity(
            "https://localhost:\(server.port): TLS handshake failed: certificate verify failed"
              + " (certificate has expired)")
        ) {
          try await send(HTTPRequest(url: server.url("/hello")))
        }
      }
    }

    @Test("a server that answers in plain HTTP fails the handshake, with OpenSSL's reason")
    func plainServer() async throws {
      try await TLSTestServer.with(.notTLS) { server in
        let error = await #expect(throws: HTTPError.self) {
          try await send(HTTPRequest(url: server.url("/hello")))
        }
        guard case .connectivity(let message)? = error else {
          Issue.record("not a connectivity error: \(String(describing: error))")
          return
        }
        #expect(
          message.hasPrefix("https://localhost:\(server.port): TLS handshake failed: "),
          "\(message)")
      }
    }

    @Test("a server that says nothing during the handshake ends it at the idle timeout")
    func silentServer() async throws {
      try await LoopbackHTTPServer.with { server in
        let url = try Self.silentHTTPS(server)
        // The manual clock never ends the call: only the transport's idle timeout can.
        await #expect(throws: HTTPError.timeout) {
          try await HTTPClient(time: ManualTimeSource(), transport: Self.testAuthority).send(
            HTTPRequest(url: url), timeout: .milliseconds(300), maximumBodyBytes: 1_000)
        }
      }
    }

    @Test("cancelling a request ends its handshake at once and closes the connection")
    func cancelledHandshake() async throws {
      try await LoopbackHTTPServer.with { server in
        let url = try Self.silentHTTPS(server)
        let request = Task {
          try await HTTPClient(time: ManualTimeSource(), transport: Self.testAuthority).send(
            HTTPRequest(url: url), timeout: .seconds(3_600), maximumBodyBytes: 1_000)
        }
        // Connected, and waiting for the server's half of the handshake.
        while server.openConnectionCount == 0 { try await Task.sleep(for: .milliseconds(2)) }
        request.cancel()
        await #expect(throws: HTTPError.cancelled) { try await request.value }
        await server.waitUntilNoOpenConnections()
      }
    }

    /// An https URL to `server`, which says nothing to a ClientHello: it waits for an HTTP
    /// request line that never comes.
    static func silentHTTPS(_ server: LoopbackHTTPServer) throws -> URL {
      server.serveTemplate(at: "/t", "{}", etag: "\"1\"")
      var components = URLComponents(url: server.url("/t"), resolvingAgainstBaseURL: false)
      components?.scheme = "https"
      return try #require(components?.url)
    }

    @Test("a request tunnels through an http proxy with CONNECT, the proxy's credentials sent")
    func throughProxy() async throws {
      try await TLSTestServer.with { server in
        try await TLSTestServer.with(.connectProxy) { proxy in
          let (user, password) = TLSTestServer.proxyCredentials
          let proxies = HTTPProxySettings(
            environment: ["https_proxy": "http://\(user):\(password)@127.0.0.1:\(proxy.port)"])
          // proxied.test resolves only at the proxy: the response came through the tunnel,
          // and the certificate was checked against the name asked for.
          let response = try await send(
            HTTPRequest(url: server.proxiedURL("/hello")),
            over: .sockets(
              trusting: .certificateFile(TLSTestServer.caCertificatePath), proxies: proxies))
          #expect(String(decoding: response.body, as: UTF8.self) == Self.hello)
        }
      }
    }

    @Test(
      "a redirect whose Location would smuggle a request into CONNECT, or empty the host TLS checks, is refused: the proxy sees the first CONNECT and nothing else",
      arguments: [
        (
          location:
            "https://x%0D%0A%0D%0AGET%20http%3A%2F%2Finternal.test%2Fadmin%20HTTP%2F1.1%0D%0AX%3A%20/t.json",
          problem: "the host holds %0D, which no host name or address holds"
        ),
        (
          location: "https://%5B%5D/t.json",
          problem: "the host holds '[', which no host name or address holds"
        ),
      ])
    func hostileRedirectThroughProxy(location: String, problem: String) async throws {
      try await TLSTestServer.with { server in
        try await TLSTestServer.with(.connectProxy) { proxy in
          let (user, password) = TLSTestServer.proxyCredentials
          let proxies = HTTPProxySettings(
            environment: ["https_proxy": "http://\(user):\(password)@127.0.0.1:\(proxy.port)"])
          let escaped = try #require(
            location.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
          let error = await #expect(throws: HTTPError.self) {
            try await send(
              HTTPRequest(url: server.proxiedURL("/redirect?to=\(escaped)")),
              over: .sockets(
                trusting: .certificateFile(TLSTestServer.caCertificatePath), proxies: proxies))
          }
          let message = if case .invalidResponse(let message)? = error { message } else { "" }
          #expect(message.hasPrefix("redirect refused: https://"), "\(String(describing: error))")
          #expect(message.hasSuffix(": \(problem)"), "\(message)")
          let target = "proxied.test:\(server.port)"
          let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
          #expect(
            proxy.proxyReceived == [
              "CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n"
                + "Proxy-Authorization: Basic \(credentials)\r\n\r\n"
            ])
        }
      }
    }

    @Test(
      "a proxy's refusal ends the request with its status, never its credentials",
      arguments: [
        (
          kind: TLSTestServer.Kind.connectProxy, credentials: "",
          status: "407 Proxy Authentication Required"
        ),
        (
          kind: .connectProxy, credentials: "tester:wrong@",
          status: "407 Proxy Authentication Required"
        ),
        (kind: .notTLS, credentials: "tester:proxy-secret@", status: "400 Bad Request"),
      ])
    func proxyRefuses(kind: TLSTestServer.Kind, credentials: String, status: String) async throws {
      try await TLSTestServer.with(kind) { proxy in
        let proxies = HTTPProxySettings(
          environment: ["HTTPS_PROXY": "http://\(credentials)127.0.0.1:\(proxy.port)"])
        await #expect(
          throws: HTTPError.connectivity(
            "https://proxied.test: proxy: the proxy refused the tunnel: HTTP \(status)")
        ) {
          try await send(
            HTTPRequest(url: try #require(URL(string: "https://proxied.test/hello"))),
            over: .sockets(trusting: .system, proxies: proxies))
        }
      }
    }

    @Test(
      "without a usable TLS library the error names every library tried",
      arguments: [
        (
          names: ["libswitchyard-no-such-ssl.so.9"],
          expected: "libswitchyard-no-such-ssl.so.9 not found"
        ),
        // A real library without OpenSSL's functions.
        (names: ["libz.so.1"], expected: "libz.so.1 lacks TLS_client_method"),
      ])
    func libraryUnavailable(names: [String], expected: String) {
      guard case .failure(.unavailable(let reason)) = OpenSSLLibrary.open(names) else {
        Issue.record("\(names) opened")
        return
      }
      #expect(
        reason
          == "no usable OpenSSL library (\(expected)); https needs OpenSSL 1.1 or 3 (libssl3 on Debian and Ubuntu)"
      )
    }
  }
#endif
