import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

@Suite("HTTPClient")
struct HTTPClientTests {
  @Test(
    "a request's method, headers and body arrive as sent, and the whole response comes back",
    arguments: ["POST", "PUT", "GET"])
  func methodAndBody(method: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/echo", .ok(#"{"ok":true}"#, etag: "\"e1\""))
      let body: [UInt8]? = method == "GET" ? nil : Array(#"{"versionNumber":"7"}"#.utf8)
      let request = HTTPRequest(
        method: method, url: server.url("/echo"),
        headers: [(name: "Content-Type", value: "application/json")], body: body)
      let response = try await HTTPClient(time: SystemTimeSource()).send(
        request, timeout: .seconds(30), maximumBodyBytes: 1_000)
      #expect(response.status == 200)
      #expect(response.header("etag") == "\"e1\"")
      #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
      let received = try #require(await server.waitForRequests(count: 1).first)
      #expect(received.method == method)
      #expect(received.body == (body ?? []))
      #expect(received.header("Content-Length") == body.map { "\($0.count)" })
    }
  }

  @Test("a 303 after a POST continues as a GET without the body; a 307 repeats both")
  func redirectMethods() throws {
    let post = HTTPRequest(
      method: "POST", url: try #require(URL(string: "https://a.example/x")), body: [1, 2])
    let seeOther = try HTTPExchange.redirected(post, status: 303, to: "/y")
    #expect(seeOther.method == "GET")
    #expect(seeOther.body == nil)
    let temporary = try HTTPExchange.redirected(post, status: 307, to: "/y")
    #expect(temporary.method == "POST")
    #expect(temporary.body == [1, 2])
  }
}
