import Testing

@testable import HTTPServer

/// Keep-alive, pipelining, closing and `100-continue`, through real sockets on 127.0.0.1, on
/// both pollers (`epoll`, and the `poll` Apple's systems use).
@Suite("HTTPServer keep-alive and pipelining")
struct HTTPServerKeepAliveTests {
  static let pollers: [PollerKind] = [.preferred, .poll]

  @Test("requests on one connection are answered in turn, and it stays open", arguments: pollers)
  func keepAlive(poller: PollerKind) async throws {
    try await RunningServer.with(poller: poller) { server in
      let client = try server.connect()
      try await client.send("GET /a?x=1 HTTP/1.1\r\nHost: t\r\n\r\n")
      let first = try await client.readResponse()
      #expect(first.status == 200)
      #expect(first.text == "GET /a?x=1 ")
      #expect(first.header("Connection") == nil)
      try await client.send("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
      let second = try await client.readResponse()
      #expect(second.text == "POST /b hello")
      #expect(second.header("Content-Length") == "13")
      #expect(server.server.activeConnections == 1)
    }
  }

  @Test("several requests in one write are answered in order", arguments: pollers)
  func pipelined(poller: PollerKind) async throws {
    try await RunningServer.with(poller: poller) { server in
      let client = try server.connect()
      try await client.send(
        "GET /1 HTTP/1.1\r\nHost: t\r\n\r\n"
          + "POST /2 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
          + "HEAD /3 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /4 HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try await client.readResponse().text == "GET /1 ")
      #expect(try await client.readResponse().text == "POST /2 abc")
      let head = try await client.readResponse(to: "HEAD")
      #expect(head.body.isEmpty)
      #expect(head.header("Content-Length") == "8")
      #expect(try await client.readResponse().text == "GET /4 ")
    }
  }

  @Test(
    "HTTP/1.0 and Connection: close close the connection after the response",
    arguments: [
      "GET /x HTTP/1.0\r\n\r\n", "GET /x HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
      "GET /x HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
      "GET /x HTTP/1.1\r\nHost: t\r\nConnection: Keep-Alive, CLOSE\r\n\r\n",
    ])
  func closes(request: String) async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      // A second request after it is never answered.
      try await client.send(request + "GET /y HTTP/1.1\r\nHost: t\r\n\r\n")
      let response = try await client.readResponse()
      #expect(response.text == "GET /x ")
      #expect(response.header("Connection") == "close")
      #expect(try await client.isClosedByServer())
    }
  }

  @Test("a client that waits for 100 Continue gets it, then its answer", arguments: pollers)
  func expectContinue(poller: PollerKind) async throws {
    try await RunningServer.with(poller: poller) { server in
      let client = try server.connect()
      try await client.send(
        "PUT /up HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
      #expect(try await client.readHead() == "HTTP/1.1 100 Continue\r\n\r\n")
      try await client.send("data")
      #expect(try await client.readResponse().text == "PUT /up data")
    }
  }

  @Test("a body too large for the limit is refused at 100-continue, before it is sent")
  func expectContinueTooLarge() async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumBodyBytes = 10
    try await RunningServer.with(configuration) { server in
      let client = try server.connect()
      try await client.send(
        "PUT /up HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n")
      let response = try await client.readResponse()
      #expect(response.status == 413)
      #expect(try await client.isClosedByServer())
    }
  }

  @Test("an expectation other than 100-continue is refused with 417")
  func otherExpectation() async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      try await client.send("GET / HTTP/1.1\r\nHost: t\r\nExpect: 200-ok\r\n\r\n")
      let response = try await client.readResponse()
      #expect(response.status == 417)
      #expect(response.header("Content-Type") == "application/json")
      #expect(
        response.text
          == #"{"errorCode":"GENERAL","errorDetails":"the only expectation served is 100-continue"}"#
      )
      #expect(try await client.isClosedByServer())
    }
  }
}
