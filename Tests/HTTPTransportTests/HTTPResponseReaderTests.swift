import Foundation
@testable import HTTPTransport
import Testing

/// `HTTPResponseReader` as transcripts: the bytes of a response, in the pieces a socket may
/// hand them over in, and the events each piece completes.
@Suite("HTTPResponseReader")
struct HTTPResponseReaderTests {
  typealias Event = HTTPResponseReader.Event

  /// Feeds `pieces` one after the other, then the end of the connection when `close`.
  static func read(
    _ pieces: [String], close: Bool = false, method: String = "GET"
  ) throws(HTTPResponseReader.Failure) -> [Event] {
    var reader = HTTPResponseReader(method: method)
    var events: [Event] = []
    for piece in pieces { events += try reader.consume(Array(piece.utf8)) }
    if close { events += try reader.finish() }
    // Adjacent body pieces joined, so a transcript does not depend on how bytes were cut.
    return events.reduce(into: []) { joined, event in
      if case .body(let bytes) = event, case .body(let earlier)? = joined.last {
        joined[joined.count - 1] = .body(earlier + bytes)
      } else if event != .body([]) {
        joined.append(event)
      }
    }
  }

  static func head(_ status: Int, _ headers: [String: String] = [:]) -> Event {
    .head(HTTPResponseHead(status: status, headers: headers))
  }

  static func body(_ text: String) -> Event { .body(Array(text.utf8)) }

  /// Reading `response` whole, and cut in two at every byte, gives `expected`.
  static func expectEverySplit(_ response: String, _ expected: [Event]) throws {
    #expect(try read([response]) == expected)
    let bytes = Array(response.utf8)
    for cut in 1..<bytes.count {
      let pieces = [
        String(decoding: bytes[..<cut], as: UTF8.self),
        String(decoding: bytes[cut...], as: UTF8.self),
      ]
      #expect(try read(pieces) == expected, "cut at \(cut)")
    }
  }

  @Test("Content-Length frames the body, however the bytes are cut")
  func contentLength() throws {
    let response = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: \"v1\"\r\n\r\nhelloEXTRA"
    let expected = [
      Self.head(200, ["content-length": "5", "etag": "\"v1\""]), Self.body("hello"), .end,
    ]
    try Self.expectEverySplit(response, expected)
  }

  @Test("a chunked body is unframed, with extensions and trailers, split anywhere")
  func chunked() throws {
    let response =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
      + "5;name=value\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nTrailer: x\r\n\r\nignored"
    let expected = [
      Self.head(200, ["transfer-encoding": "gzip, chunked"]), Self.body("hello world"), .end,
    ]
    try Self.expectEverySplit(response, expected)
  }

  @Test("without a length the body runs until the connection closes")
  func untilClose() throws {
    #expect(
      try Self.read(["HTTP/1.0 200 OK\n\nabc", "def"], close: true) == [
        Self.head(200), Self.body("abcdef"), .end,
      ])
  }

  @Test("interim 1xx responses are skipped; 204, 304 and HEAD responses have no body")
  func noBody() throws {
    #expect(
      try Self.read(["HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"]) == [
        Self.head(204), .end,
      ])
    #expect(
      try Self.read(["HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n"]) == [
        Self.head(304, ["content-length": "10"]), .end,
      ])
    #expect(
      try Self.read(["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"], method: "HEAD") == [
        Self.head(200, ["content-length": "10"]), .end,
      ])
  }

  @Test("repeated headers are joined; names are lower-cased; values trimmed")
  func headers() throws {
    #expect(
      try Self.read(["HTTP/1.1 302 Found\r\nLOCATION:  /a \r\nVary: a\r\nvary: b\r\n\r\n"]) == [
        Self.head(302, ["location": "/a", "vary": "a, b"])
      ])
  }

  @Test(
    "what is not HTTP/1.x or cannot be framed is malformed",
    arguments: [
      "HTTP/2 200\r\n\r\n", "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n",
      "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n",
      "HTTP/1.1 101 Switching Protocols\r\n\r\n",
    ])
  func malformed(response: String) {
    #expect {
      try Self.read([response])
    } throws: { error in
      guard case HTTPResponseReader.Failure.malformed = error else { return false }
      return true
    }
  }

  @Test("a head, chunk line or trailer section without end is refused at its limit")
  func limits() {
    let endlessHead =
      "HTTP/1.1 200 OK\r\n" + String(repeating: "X-Pad: 0123456789\r\n", count: 4_000)
    #expect(throws: HTTPResponseReader.Failure.malformed("response head over 65536 bytes")) {
      try Self.read([endlessHead])
    }
    let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    #expect(throws: HTTPResponseReader.Failure.malformed("chunk-size line over 1024 bytes")) {
      try Self.read([chunked, "1;" + String(repeating: "x", count: 2_000)])
    }
    #expect(throws: HTTPResponseReader.Failure.malformed("trailers over 65536 bytes")) {
      try Self.read([chunked, "0\r\n", String(repeating: "T: x\r\n", count: 20_000)])
    }
  }

  @Test("a connection that closes before the response is complete truncates it")
  func truncated() {
    for pieces in [
      ["HTTP/1.1 200 OK\r\nContent-Le"], ["HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort"],
      ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel"],
    ] {
      #expect(throws: HTTPResponseReader.Failure.truncated) { try Self.read(pieces, close: true) }
    }
  }
}
