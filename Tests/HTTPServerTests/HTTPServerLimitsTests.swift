import Testing

@testable import HTTPServer

/// The limits a client meets: the head's size (431), the body's (413, decided before the
/// body is read), the connections (503 beyond the limit) and the bytes held for requests
/// across all connections (503). Each answer is OFREP's JSON error shape and a close.
@Suite("HTTPServer limits")
struct HTTPServerLimitsTests {
  @Test(
    "a head over 16 KiB is 431, whether or not its blank line has arrived",
    arguments: [true, false])
  func headTooLarge(complete: Bool) async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      let filler = String(repeating: "a", count: 16 * 1024)
      try await client.send(
        "GET / HTTP/1.1\r\nHost: t\r\nX-Filler: \(filler)\r\n" + (complete ? "\r\n" : ""))
      let response = try await client.readResponse()
      #expect(response.status == 431)
      #expect(
        response.text
          == #"{"errorCode":"GENERAL","errorDetails":"request head over 16384 bytes"}"#)
      #expect(try await client.isClosedByServer())
    }
  }

  @Test("a head of exactly 16 KiB is served")
  func headAtLimit() async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      let start = "GET / HTTP/1.1\r\nHost: t\r\nX-Filler: "
      let filler = String(repeating: "a", count: 16 * 1024 - start.utf8.count - 4)
      try await client.send(start + filler + "\r\n\r\n")
      #expect(try await client.readResponse().status == 200)
    }
  }

  @Test(
    "a body over 1 MiB is 413 as soon as it is announced, without reading it",
    arguments: [
      "Content-Length: 1048577\r\n\r\n",
      "Content-Length: 99999999999999999999999999\r\n\r\n",
      "Transfer-Encoding: chunked\r\n\r\n100001\r\n",
      "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\r\n",
    ])
  func bodyTooLarge(framing: String) async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      // The head only: the answer comes without a byte of the body.
      try await client.send("POST /big HTTP/1.1\r\nHost: t\r\n" + framing)
      let response = try await client.readResponse()
      #expect(response.status == 413)
      #expect(
        response.text
          == #"{"errorCode":"GENERAL","errorDetails":"request body over 1048576 bytes"}"#)
      #expect(try await client.isClosedByServer())
    }
  }

  @Test("chunks that add up to more than the limit are 413 at the chunk that passes it")
  func chunksTooLarge() async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumBodyBytes = 10
    try await RunningServer.with(configuration) { server in
      let client = try server.connect()
      try await client.send(
        "POST /big HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "5\r\nabcde\r\n5\r\nfghij\r\n1\r\n")
      #expect(try await client.readResponse().status == 413)
      #expect(try await client.isClosedByServer())
    }
  }

  @Test("a body of exactly the limit is served")
  func bodyAtLimit() async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumBodyBytes = 10
    try await RunningServer.with(configuration) { server in
      let client = try server.connect()
      try await client.send(
        "POST /b HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "5\r\nabcde\r\n5\r\nfghij\r\n0\r\n\r\n")
      #expect(try await client.readResponse().text == "POST /b abcdefghij")
    }
  }

  @Test("beyond the connection limit, a new connection gets 503 and is closed")
  func connectionLimit() async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumConnections = 2
    try await RunningServer.with(configuration) { server in
      let first = try server.connect()
      let second = try server.connect()
      for client in [first, second] {
        try await client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
      }
      #expect(server.server.activeConnections == 2)
      let third = try server.connect()
      try await third.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
      let refused = try await third.readResponse()
      #expect(refused.status == 503)
      #expect(refused.header("Connection") == "close")
      #expect(
        refused.text
          == #"{"errorCode":"GENERAL","errorDetails":"the server is serving as many connections as it may (2); retry later"}"#
      )
      #expect(try await third.isClosedByServer())
      // The two it serves are not disturbed.
      try await first.send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try await first.readResponse().text == "GET /again ")
      #expect(server.server.activeConnections == 2)
    }
  }

  @Test("a request that would pass the server's budget of held request bytes is 503")
  func bufferedBytesBudget() async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumBufferedRequestBytes = 100
    try await RunningServer.with(configuration) { server in
      let holder = try server.connect()
      // 10 bytes of a body the server holds until the rest arrives.
      let partial =
        "POST /a HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 100\r\n\r\n"
        + String(repeating: "x", count: 10)
      try await holder.send(partial)
      #expect(try await holder.readHead() == "HTTP/1.1 100 Continue\r\n\r\n")
      await server.waitUntil { $0.receivedBytes == partial.utf8.count }
      // 95 more would make 105.
      let other = try server.connect()
      try await other.send(
        "POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n"
          + String(repeating: "y", count: 95))
      let refused = try await other.readResponse()
      #expect(refused.status == 503)
      #expect(try await other.isClosedByServer())
      // The first is still served once its body is whole.
      try await holder.send(String(repeating: "x", count: 90))
      #expect(try await holder.readResponse().status == 200)
    }
  }
}
