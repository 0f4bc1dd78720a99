import Testing

@testable import HTTPServer

/// How a request's body is delimited, and what is refused because two readers could frame
/// it differently (RFC 9112, section 6: the ground of request smuggling). Each row goes
/// through a real socket; a refusal is a 400 with OFREP's `PARSE_ERROR` and a close.
@Suite("HTTPServer body framing")
struct HTTPServerFramingTests {
  static let head = "POST /f HTTP/1.1\r\nHost: t\r\n"

  @Test(
    "chunked bodies (with extensions and trailers) and Content-Length bodies are read whole",
    arguments: [
      (
        head + "Transfer-Encoding: chunked\r\n\r\n4;name=value\r\nWiki\r\n5 ; a=\"q\"\r\npedia\r\n"
          + "0;last\r\nX-Trailer: 1\r\nY: 2\r\n\r\n", "POST /f Wikipedia"
      ),
      (
        head + "Transfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\r\n000\r\n\r\n",
        "POST /f 0123456789"
      ),
      (head + "Content-Length: 3\r\n\r\nabc", "POST /f abc"),
      (head + "Content-Length: 3, 3\r\n\r\nabc", "POST /f abc"),
      (head + "Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc", "POST /f abc"),
      (head + "Content-Length: 003\r\n\r\nabc", "POST /f abc"),
      (head + "Content-Length: 0\r\n\r\n", "POST /f "),
      ("\r\n\r\n" + head + "\r\n", "POST /f "),
    ])
  func framed(request: String, echoed: String) async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      try await client.send(request)
      let response = try await client.readResponse()
      #expect(response.status == 200)
      #expect(response.text == echoed)
    }
  }

  @Test(
    "ambiguous framing is refused with 400 and a close",
    arguments: [
      (
        head + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        "both Transfer-Encoding and Content-Length"
      ),
      (
        head + "Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "Content-Length values that differ"
      ),
      (head + "Content-Length: 3, 4\r\n\r\nabcd", "Content-Length values that differ"),
      // Equal numbers, spelled differently: two readers may still disagree on them.
      (
        head + "Content-Length: 3\r\nContent-Length: 003\r\n\r\nabc",
        "Content-Length values that differ"
      ),
      (head + "Content-Length: -1\r\n\r\n", "a Content-Length that is not a number of bytes"),
      (head + "Content-Length: abc\r\n\r\n", "a Content-Length that is not a number of bytes"),
      (head + "Content-Length: +3\r\n\r\nabc", "a Content-Length that is not a number of bytes"),
      (head + "Content-Length: 0x3\r\n\r\nabc", "a Content-Length that is not a number of bytes"),
      (head + "Content-Length:\r\n\r\n", "a Content-Length that is not a number of bytes"),
      (head + "Transfer-Encoding: gzip\r\n\r\n", "a Transfer-Encoding other than chunked"),
      (head + "Transfer-Encoding: gzip, chunked\r\n\r\n", "a Transfer-Encoding other than chunked"),
      (
        head + "Transfer-Encoding: chunked, chunked\r\n\r\n",
        "a Transfer-Encoding other than chunked"
      ),
      (
        head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n",
        "a Transfer-Encoding other than chunked"
      ),
      (head + "Transfer-Encoding:\r\n\r\n", "a Transfer-Encoding other than chunked"),
      (
        "POST /f HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "Transfer-Encoding in an HTTP/1.0 request"
      ),
    ])
  func ambiguous(request: String, details: String) async throws {
    try await expectRefusal(request, status: 400, code: "PARSE_ERROR", details: details)
  }

  @Test(
    "a malformed request line, header or chunk is refused with 400 and a close",
    arguments: [
      ("GET /\r\n\r\n", "the request line is not 'METHOD TARGET HTTP/1.1'"),
      ("GET  / HTTP/1.1\r\nHost: t\r\n\r\n", "the request line is not 'METHOD TARGET HTTP/1.1'"),
      ("GET / HTTP/1.1 x\r\nHost: t\r\n\r\n", "the request line is not 'METHOD TARGET HTTP/1.1'"),
      ("G(T / HTTP/1.1\r\nHost: t\r\n\r\n", "the method is not a token"),
      (
        "GET / HTTX/1.1\r\nHost: t\r\n\r\n", "the request line does not end in HTTP/1.1 or HTTP/1.0"
      ),
      ("GET x HTTP/1.1\r\nHost: t\r\n\r\n", "the request target is not a path or a URL"),
      ("GET * HTTP/1.1\r\nHost: t\r\n\r\n", "the request target '*' is for OPTIONS only"),
      (
        "GET /\u{7F} HTTP/1.1\r\nHost: t\r\n\r\n",
        "the request target holds a byte that is not visible ASCII"
      ),
      ("GET / HTTP/1.1\r\nHost: t\r\nNo colon\r\n\r\n", "header line 3 has no colon"),
      ("GET / HTTP/1.1\r\nHost : t\r\n\r\n", "header line 2 has a name that is not a token"),
      (
        "GET / HTTP/1.1\r\nHost: t\r\nX: a\r\n b\r\n\r\n",
        "header line 4 is folded onto the previous one (obs-fold)"
      ),
      (
        "GET / HTTP/1.1\r\nHost: t\r\nX: a\u{0}b\r\n\r\n",
        "header line 3 has a control character in its value"
      ),
      ("GET / HTTP/1.1\nHost: t\r\n\r\n", "line 1 ends in LF without CR"),
      ("GET / HTTP/1.1\r\nHost: t\rX: y\r\n\r\n", "line 2 holds a CR that does not end it"),
      ("GET / HTTP/1.1\r\n\r\n", "an HTTP/1.1 request needs a Host header"),
      ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "more than one Host header"),
      ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", "the Host header is not a host"),
      (head + "Transfer-Encoding: chunked\r\n\r\nzz\r\n", "a chunk size that is not hex digits"),
      (head + "Transfer-Encoding: chunked\r\n\r\n3x\r\n", "a chunk size that is not hex digits"),
      (head + "Transfer-Encoding: chunked\r\n\r\n3\r\nabcd\r\n", "chunk data longer than its size"),
      (
        head + "Transfer-Encoding: chunked\r\n\r\n3\nabc", "a chunk-size line ends in LF without CR"
      ),
      (
        head + "Transfer-Encoding: chunked\r\n\r\n3;\u{1}\r\nabc",
        "a control character in a chunk extension"
      ),
      (
        head + "Transfer-Encoding: chunked\r\n\r\n0\r\nBad trailer\r\n\r\n",
        "trailer field has no colon"
      ),
    ])
  func malformed(request: String, details: String) async throws {
    try await expectRefusal(request, status: 400, code: "PARSE_ERROR", details: details)
  }

  @Test("a request in another HTTP version than 1.x is refused with 505")
  func otherVersion() async throws {
    try await expectRefusal(
      "GET / HTTP/2.0\r\nHost: t\r\n\r\n", status: 505, code: "GENERAL",
      details: "HTTP/2 is not served; this server speaks HTTP/1.1")
  }

  /// Sends `request` and expects the server's own answer and then a close.
  func expectRefusal(
    _ request: String, status: Int, code: String, details: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await RunningServer.with { server in
      let client = try server.connect()
      try await client.send(request)
      let response = try await client.readResponse()
      #expect(response.status == status, sourceLocation: sourceLocation)
      #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
      #expect(response.header("Connection") == "close", sourceLocation: sourceLocation)
      #expect(
        response.text == #"{"errorCode":"\#(code)","errorDetails":"\#(details)"}"#,
        sourceLocation: sourceLocation)
      #expect(try await client.isClosedByServer(), sourceLocation: sourceLocation)
    }
  }
}
