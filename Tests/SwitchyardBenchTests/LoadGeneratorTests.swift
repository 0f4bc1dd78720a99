import Testing

@testable import SwitchyardBench

/// The load generator's parts that decide what it sends and when a response is whole.
@Suite("switchyard-bench load")
struct LoadGeneratorTests {
  @Test(
    "a target URL gives the host, port and request target",
    arguments: [
      (
        "http://127.0.0.1:8013/ofrep/v1/evaluate/flags/f", "127.0.0.1", 8013,
        "/ofrep/v1/evaluate/flags/f"
      ),
      ("http://localhost/x?y=1", "localhost", 80, "/x?y=1"),
      ("http://[::1]:9000", "::1", 9000, "/"),
      ("http://h:1?q", "h", 1, "/?q"),
    ])
  func target(url: String, host: String, port: Int, path: String) throws {
    let target = try LoadTarget(url)
    #expect(target.host == host)
    #expect(target.port == port)
    #expect(target.path == path)
  }

  @Test("the request is a keep-alive POST of the body with its length")
  func request() throws {
    let bytes = try LoadTarget("http://127.0.0.1:8013/f").request(body: Array("{}".utf8))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "POST /f HTTP/1.1\r\nHost: 127.0.0.1:8013\r\nContent-Type: application/json\r\n"
        + "Content-Length: 2\r\n\r\n{}")
  }

  @Test(
    "a response is whole after its head and Content-Length bytes",
    arguments: [
      (
        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
        LoadResponseScanner.Outcome.response(.init(status: 200, length: 40))
      ),
      (
        "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokHTTP/1.1",
        .response(.init(status: 200, length: 40))
      ),
      ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\no", .incomplete),
      ("HTTP/1.1 204 No Content\r\n\r\n", .response(.init(status: 204, length: 27))),
      ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", .unreadable("a chunked answer")),
      ("SSH-2.0\r\n\r\n", .unreadable("not an HTTP/1.x status line")),
      ("HTTP/1.1 200 OK\r\n", .incomplete),
    ])
  func scan(text: String, outcome: LoadResponseScanner.Outcome) {
    #expect(LoadResponseScanner.scan(Array(text.utf8)) == outcome)
  }
}
