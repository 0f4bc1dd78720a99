import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// `switchyard fetch` against a loopback HTTP server, with a real cache directory.
@Suite("switchyard fetch", .timeLimit(.minutes(3)))
struct FetchCommandTests {
  static let template = """
    {"version": {"versionNumber": "7"},
     "conditions": [{"name": "paid", "condition": {"customSignal": {
       "customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "tier",
       "targetCustomSignalValues": ["paid"]}}}],
     "parameters": {
       "welcome": {"defaultValue": {"value": "hi"},
                   "conditionalValues": {"paid": {"value": "hello supporter"}}},
       "limit": {"defaultValue": {"value": "3"}, "valueType": "NUMBER"}}}
    """
  static let values =
    #"{"limit":{"value":"3","source":"remote"},"welcome":{"value":"hi","source":"remote"}}"#

  @Test("fetch prints the active values as one JSON object and caches them")
  func fetches() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", Self.template, etag: "\"7\"")
      let cache = try TemporaryDirectory()
      let (status, capture) = await CapturedToolIO.run(
        ["fetch", "--url", server.url("/t.json").absoluteString, "--cache", cache.url.path])
      #expect(status == .success)
      #expect(capture.outputLines == [Self.values])
      #expect(capture.error.contains("fetched template version 7"))
      let files = try FileManager.default.contentsOfDirectory(atPath: cache.url.path)
      #expect(files.contains("default.remote-config.json"))
    }
  }

  @Test("run again within the interval it is served from cache, said on stderr, with no request")
  func servedFromCache() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", Self.template, etag: "\"7\"")
      let cache = try TemporaryDirectory()
      let arguments = [
        "fetch", "--url", server.url("/t.json").absoluteString, "--cache", cache.url.path,
      ]
      _ = await CapturedToolIO.run(arguments)
      let (status, capture) = await CapturedToolIO.run(arguments)
      #expect(status == .success)
      #expect(capture.outputLines == [Self.values])
      #expect(capture.error.contains("served from cache"))
      #expect(server.requests.count == 1)
    }
  }

  /// Runs `fetch` on a clock set to `date`, so a test can be past the minimum interval.
  static func fetch(_ arguments: [String], at date: Date) async -> (
    status: switchyard.ExitStatus, capture: CapturedToolIO
  ) {
    await CapturedToolIO.run(
      ["fetch"] + arguments, replacing: [.makeFetch(environment: .pinned(at: date))])
  }

  /// Thirteen hours later: past the default minimum fetch interval of twelve.
  static let nextDay = TestTime.start.addingTimeInterval(13 * 3600)

  @Test("with the server down it prints the cached values and exits 0 with a warning")
  func serverDown() async throws {
    let server = try LoopbackHTTPServer()
    server.serveTemplate(at: "/t.json", Self.template, etag: "\"7\"")
    let cache = try TemporaryDirectory()
    let arguments = ["--url", server.url("/t.json").absoluteString, "--cache", cache.url.path]
    let (first, _) = await Self.fetch(arguments, at: TestTime.start)
    #expect(first == .success)
    server.stop()
    // The same cache, now with its server down (a port where nothing listens).
    let down = try ClosedLoopbackPort()
    defer { withExtendedLifetime(down) {} }
    let (status, capture) = await Self.fetch(
      ["--url", down.url("/t.json").absoluteString, "--cache", cache.url.path], at: Self.nextDay)
    #expect(status == .success)
    #expect(capture.outputLines == [Self.values])
    #expect(capture.error.contains("warning: fetch failed: cannot reach the template source"))
    #expect(capture.error.contains("using the cached values"))
  }

  @Test("with the server down and nothing cached it exits 1 and prints no values")
  func serverDownNoCache() async throws {
    let down = try ClosedLoopbackPort()
    defer { withExtendedLifetime(down) {} }
    let url = down.url("/t.json").absoluteString
    let cache = try TemporaryDirectory()
    let (status, capture) = await CapturedToolIO.run(
      ["fetch", "--url", url, "--cache", cache.url.path])
    #expect(status == .failure)
    #expect(capture.output.isEmpty)
    #expect(capture.error.contains("connection refused"))
    #expect(capture.error.contains("nothing is cached yet"))
  }

  @Test("the context file is evaluated and kept in the cache for the next run")
  func context() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", Self.template, etag: "\"7\"")
      let cache = try TemporaryDirectory()
      let files = try TemporaryDirectory()
      let context = try files.write("c.json", #"{"customSignals": {"tier": "paid"}}"#)
      let url = server.url("/t.json").absoluteString
      let (status, capture) = await CapturedToolIO.run(
        ["fetch", "--url", url, "--cache", cache.url.path, "--context", context])
      #expect(status == .success)
      let values = try JSONParser().parse(try #require(capture.outputLines.first))
      #expect(values["welcome"]?["value"] == "hello supporter")
      let (_, again) = await CapturedToolIO.run(["fetch", "--url", url, "--cache", cache.url.path])
      #expect(again.output.contains("hello supporter"))
      // A new context applies and is kept even when the fetch is served from the cache.
      let free = try files.write("free.json", #"{"customSignals": {"tier": "free"}}"#)
      let (_, changed) = await CapturedToolIO.run(
        ["fetch", "--url", url, "--cache", cache.url.path, "--context", free])
      #expect(changed.error.contains("served from cache"))
      #expect(changed.output.contains(#""welcome":{"value":"hi""#))
      let (_, kept) = await CapturedToolIO.run(["fetch", "--url", url, "--cache", cache.url.path])
      #expect(kept.output.contains(#""welcome":{"value":"hi""#))
      #expect(server.requests.count == 1)
    }
  }

  @Test("a template the server sends broken is rejected and the cached values stay")
  func brokenTemplate() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", Self.template, etag: "\"7\"")
      let cache = try TemporaryDirectory()
      let arguments = ["--url", server.url("/t.json").absoluteString, "--cache", cache.url.path]
      _ = await Self.fetch(arguments, at: TestTime.start)
      server.enqueue(at: "/t.json", .ok(#"{"parameters": {"welcome": {"defaultValue": 3}}}"#))
      let (status, capture) = await Self.fetch(arguments, at: Self.nextDay)
      #expect(status == .success)
      #expect(capture.outputLines == [Self.values])
      #expect(capture.error.contains("fetched template rejected"))
      #expect(server.requests.count == 2)
    }
  }

  @Test(
    "a missing option or a URL that is not http(s) is a usage error",
    arguments: [
      ["fetch", "--cache", "/tmp/x"],
      ["fetch", "--url", "http://127.0.0.1:1/t"],
      ["fetch", "--url", "file:///etc/passwd", "--cache", "/tmp/x"],
      ["fetch", "--url", "not a url", "--cache", "/tmp/x"],
    ])
  func usage(arguments: [String]) async {
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .usage)
    #expect(capture.error.hasPrefix("switchyard fetch: "))
  }

  @Test(
    "a URL whose host is not a DNS name or an IP address is a usage error that shows no secret, and nothing is sent",
    arguments: [
      (
        "http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:PORT/t.json",
        "http://127.0.0.1%00%0D%0AX-Injected%3A%20yes:PORT: the host holds %00, which no host "
          + "name or address holds"
      ),
      (
        "http://tester:SECRET@127.0.0.1:PORT/t.json?key=SECRET",
        "http://127.0.0.1:PORT: the URL holds a user name or password before its host, which "
          + "Switchyard never sends (give credentials in a header)"
      ),
    ])
  func hostileHost(url: String, refusal: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", Self.template, etag: "\"7\"")
      let cache = try TemporaryDirectory()
      let port = String(server.port)
      let (status, capture) = await CapturedToolIO.run(
        [
          "fetch", "--url", url.replacingOccurrences(of: "PORT", with: port), "--cache",
          cache.url.path,
        ])
      #expect(status == .usage)
      #expect(
        capture.error
          == "switchyard fetch: option '--url' needs a URL whose host is a DNS name or an IP "
          + "address: \(refusal.replacingOccurrences(of: "PORT", with: port)) (see 'switchyard "
          + "help fetch')\n")
      #expect(!capture.error.contains("SECRET"))
      #expect(capture.output.isEmpty)
      #expect(server.requests.isEmpty)
    }
  }

  @Test(
    "--timeout takes a positive number of seconds; anything else is a usage error",
    arguments: [
      "0", "0.0", "-1", "abc", "", "1e3", "inf", "nan", "0x10", "1.", ".5", "86401", "5s",
    ])
  func badTimeout(value: String) async {
    for command in ["fetch", "watch"] {
      let (status, capture) = await CapturedToolIO.run(
        [
          command, "--url", "http://127.0.0.1:1/t", "--stream", "http://127.0.0.1:1/s",
          "--cache", "/tmp/x", "--timeout", value,
        ].filter { command == "watch" || ($0 != "--stream" && $0 != "http://127.0.0.1:1/s") })
      #expect(status == .usage)
      #expect(
        capture.error.hasPrefix(
          "switchyard \(command): option '--timeout' needs a number of seconds above 0"))
    }
  }

  @Test(
    "the fetch ends at --timeout on the command's clock, after a redirect whose body never ends")
  func timeoutAfterRedirect() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: "/old", .redirect(to: "/t.json", body: .endless(chunk: Array("x".utf8), chunked: false))
      )
      server.enqueue(at: "/t.json", .stall)
      let time = ManualTimeSource(now: TestTime.start)
      let command = ToolCommand.makeFetch(
        environment: NetworkCommandEnvironment(timeSource: time, random: .constant(0)))
      let cache = try TemporaryDirectory()
      let run = Task {
        await CapturedToolIO.run(
          [
            "fetch", "--url", server.url("/old").absoluteString, "--cache", cache.url.path,
            "--timeout", "2.5",
          ], replacing: [command])
      }
      _ = await server.waitForRequests(count: 2)
      await time.waitForSleepers(count: 1)
      time.advance(by: .milliseconds(2_500))
      let (status, capture) = await run.value
      #expect(status == .failure)
      #expect(
        capture.error.contains("did not answer within the fetch timeout; nothing is cached yet"))
      await server.waitUntilNoOpenConnections()
    }
  }

  @Test("a redirect to a body without end stops at the size limit and exits 1")
  func endlessBody() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/old", .redirect(to: "/t.json"))
      server.enqueue(at: "/t.json", .endless())
      let cache = try TemporaryDirectory()
      let (status, capture) = await Self.fetch(
        ["--url", server.url("/old").absoluteString, "--cache", cache.url.path], at: TestTime.start)
      #expect(status == .failure)
      #expect(capture.error.contains("larger than the limit of 1000000 bytes"))
    }
  }
}
