import Core
import SwitchyardTestSupport
import Testing

@testable import HTTPServer

/// What the server writes around a handler's answer: `Date` from its clock, the framing
/// (its own, never the handler's), `Connection: close` when it closes, no body for HEAD or
/// 204, and a 500 instead of a head a handler's field would break.
@Suite("HTTPServer responses")
struct HTTPServerResponseTests {
  /// A server whose handler answers `response` to every request, on a manual clock.
  static func with(
    _ response: HTTPServerResponse, _ body: (RunningServer) async throws -> Void
  ) async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.timeSource = ManualTimeSource(now: TestTime.start)
    try await RunningServer.with(configuration, handler: { _ in response }, body)
  }

  @Test("the server writes Date and Content-Length and drops the handler's framing fields")
  func ownedFields() async throws {
    let response = HTTPServerResponse(
      status: 201,
      headers: [
        ("X-Kind", "a"), ("content-length", "999"), ("Transfer-Encoding", "gzip"),
        ("Connection", "keep-alive"), ("Date", "yesterday"), ("X-Kind", "b"),
      ],
      body: .bytes(Array("hello".utf8)))
    try await Self.with(response) { server in
      let client = try server.connect()
      try await client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
      let raw = String(decoding: try await client.readUntilClosed(), as: UTF8.self)
      #expect(
        raw
          == "HTTP/1.1 201 Created\r\nX-Kind: a\r\nX-Kind: b\r\n"
          + "Date: Thu, 01 Jan 2026 00:00:00 GMT\r\nContent-Length: 5\r\n"
          + "Connection: close\r\n\r\nhello")
    }
  }

  @Test("HEAD gets the length without the body; 204 and 304 get neither")
  func bodiless() async throws {
    try await Self.with(HTTPServerResponse(status: 200, body: .bytes(Array("abc".utf8)))) {
      server in
      let client = try server.connect()
      try await client.send("HEAD / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
      let raw = String(decoding: try await client.readUntilClosed(), as: UTF8.self)
      #expect(raw.hasSuffix("Content-Length: 3\r\nConnection: close\r\n\r\n"))
    }
    for status in [204, 304] {
      try await Self.with(HTTPServerResponse(status: status, body: .bytes(Array("abc".utf8)))) {
        server in
        let client = try server.connect()
        try await client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let raw = String(decoding: try await client.readUntilClosed(), as: UTF8.self)
        #expect(raw.hasSuffix("GMT\r\nConnection: close\r\n\r\n"), "\(status)")
      }
    }
  }

  @Test(
    "a handler's field that would break the head is never sent: the client gets a 500",
    arguments: [
      (
        ("X-Evil", "a\r\nSet-Cookie: b"),
        "the handler's header 1 has a control character in its value"
      ),
      (("X-Evil", "a\nb"), "the handler's header 1 has a control character in its value"),
      (("X-Evil", "a\u{0}b"), "the handler's header 1 has a control character in its value"),
      (("X Evil", "a"), "the handler's header 1 has a name that is not a token"),
      (("X-Evil:", "a"), "the handler's header 1 has a name that is not a token"),
      (("", "a"), "the handler's header 1 has a name that is not a token"),
    ] as [((String, String), String)])
  func brokenField(field: (String, String), details: String) async throws {
    let response = HTTPServerResponse(status: 200, headers: [field], body: .bytes([]))
    try await Self.with(response) { server in
      let client = try server.connect()
      try await client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
      let answer = try await client.readResponse()
      #expect(answer.status == 500)
      #expect(answer.header("Content-Type") == "application/json")
      #expect(answer.text == #"{"errorCode":"GENERAL","errorDetails":"\#(details)"}"#)
      #expect(answer.header("X-Evil") == nil)
      // The connection goes on: the handler's mistake is not the client's.
      try await client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try await client.readResponse().status == 500)
    }
  }

  @Test("a status outside 200...599 is a 500")
  func badStatus() async throws {
    for status in [0, 101, 600, -1] {
      try await Self.with(HTTPServerResponse(status: status)) { server in
        let client = try server.connect()
        try await client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await client.readResponse().status == 500, "\(status)")
      }
    }
  }
}
