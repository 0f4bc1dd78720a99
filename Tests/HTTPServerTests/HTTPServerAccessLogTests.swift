import Core
import SwitchyardTestSupport
import Testing

@testable import HTTPServer

/// The access log holds the method, the path without its query, the status, the body bytes,
/// the duration and the peer: never a header value, a body or a query, which may hold keys,
/// tokens or a user's context.
@Suite("HTTPServer access log")
struct HTTPServerAccessLogTests {
  /// Collects entries from the loop's thread.
  final class Entries: Sendable {
    private let entries = LockedState<[AccessLogEntry]>([])
    var all: [AccessLogEntry] { entries.withLock { $0 } }
    func append(_ entry: AccessLogEntry) { entries.withLock { $0.append(entry) } }
  }

  @Test("an entry names method, path, status, bytes and peer, and no header, query or body")
  func entry() async throws {
    let log = Entries()
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.accessLog = { log.append($0) }
    try await RunningServer.with(configuration) { server in
      let client = try server.connect()
      try await client.send(
        "POST /v1/flags?key=SECRET-QUERY HTTP/1.1\r\nHost: t\r\n"
          + "Authorization: Bearer SECRET-TOKEN\r\nContent-Length: 11\r\n\r\nSECRET-BODY"
          + "GET /bad HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n")
      let served = try await client.readResponse()
      #expect(try await client.readResponse().status == 400)
      #expect(try await client.isClosedByServer())
      let entries = log.all
      try #require(entries.count == 2)
      #expect(entries[0].method == "POST")
      #expect(entries[0].path == "/v1/flags")
      #expect(entries[0].status == 200)
      #expect(entries[0].bodyBytes == served.body.count)
      #expect(entries[0].remoteAddress.hasPrefix("127.0.0.1:"))
      #expect(entries[1].method == "GET")
      #expect(entries[1].path == "/bad")
      #expect(entries[1].status == 400)
      for entry in entries {
        let line = entry.description
        #expect(line.hasPrefix(entry.remoteAddress + " \"\(entry.method) \(entry.path)\" "))
        #expect(!line.contains("SECRET"))
      }
    }
  }

  @Test("a request line that cannot be read is logged as - -")
  func unreadable() async throws {
    let log = Entries()
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.accessLog = { log.append($0) }
    try await RunningServer.with(configuration) { server in
      let client = try server.connect()
      try await client.send("SECRET\u{1}GARBAGE\r\n\r\n")
      #expect(try await client.readResponse().status == 400)
      #expect(try await client.isClosedByServer())
      let entries = log.all
      try #require(entries.count == 1)
      #expect(entries[0].method == "-")
      #expect(entries[0].path == "-")
      #expect(!entries[0].description.contains("SECRET"))
    }
  }

  @Test("a connection refused at the connection limit is logged as - - with its 503")
  func refusedConnection() async throws {
    let log = Entries()
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumConnections = 1
    configuration.accessLog = { log.append($0) }
    try await RunningServer.with(configuration) { server in
      let first = try server.connect()
      try await first.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try await first.readResponse().status == 200)
      let second = try server.connect()
      let refused = try await second.readResponse()
      #expect(refused.status == 503)
      #expect(try await second.isClosedByServer())
      let entries = log.all
      try #require(entries.count == 2)
      #expect(entries[1].status == 503)
      #expect(entries[1].method == "-")
      #expect(entries[1].path == "-")
      #expect(entries[1].bodyBytes == refused.body.count)
      #expect(entries[1].remoteAddress.hasPrefix("127.0.0.1:"))
    }
  }

  @Test(
    "a duration is written in milliseconds with three decimals",
    arguments: [
      (Duration.microseconds(153), "0.153ms"), (.seconds(2), "2000.000ms"), (.zero, "0.000ms"),
      (.seconds(-5), "0.000ms"),
    ])
  func duration(duration: Duration, text: String) {
    let entry = AccessLogEntry(
      method: "GET", path: "/healthz", status: 200, bodyBytes: 2, duration: duration,
      remoteAddress: "127.0.0.1:1")
    #expect(entry.description == "127.0.0.1:1 \"GET /healthz\" 200 2 \(text)")
  }
}
