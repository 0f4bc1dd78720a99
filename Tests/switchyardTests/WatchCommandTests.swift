import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `switchyard watch` against a loopback HTTP server that serves the template and streams
/// invalidations.
@Suite("switchyard watch", .timeLimit(.minutes(3)))
struct WatchCommandTests {
  static func template(_ version: Int, greeting: String, color: String) -> String {
    TemplateFixtures.template(version: version, ["greeting": greeting, "color": color])
  }

  static func watch(_ arguments: [String]) async -> (
    status: switchyard.ExitStatus, capture: CapturedToolIO
  ) {
    await CapturedToolIO.run(
      ["watch"] + arguments, replacing: [.makeWatch(environment: .pinned(at: TestTime.start))])
  }

  static func arguments(
    _ server: LoopbackHTTPServer, cache: TemporaryDirectory, _ extra: [String] = []
  ) -> [String] {
    [
      "--url", server.url("/t.json").absoluteString, "--stream",
      server.url("/stream").absoluteString, "--cache", cache.url.path,
    ] + extra
  }

  /// Starts `watch` on `server`'s `/t.json` and `/stream` until `maximumUpdates` update lines,
  /// and returns once it listens to the stream: the run, the stream and the run's cache.
  static func startWatching(
    _ server: LoopbackHTTPServer, maximumUpdates: Int
  ) async throws -> (
    run: Task<(status: switchyard.ExitStatus, capture: CapturedToolIO), Never>,
    stream: LoopbackStream, cache: TemporaryDirectory
  ) {
    let stream = LoopbackStream()
    server.enqueue(at: "/stream", .stream(stream))
    let cache = try TemporaryDirectory()
    let run = Task {
      await watch(arguments(server, cache: cache, ["--max-updates", "\(maximumUpdates)"]))
    }
    await stream.waitUntilConnected()
    return (run, stream, cache)
  }

  /// `watch --url` on `server`'s `/t.json` with `--every` the period of `time`, whose rounds
  /// the test runs, until one update line is printed.
  static func watchForOneUpdate(
    _ server: LoopbackHTTPServer, every time: PeriodClock, cache: TemporaryDirectory
  ) async -> (status: switchyard.ExitStatus, capture: CapturedToolIO) {
    let environment = NetworkCommandEnvironment(timeSource: time, random: .constant(0))
    return await CapturedToolIO.run(
      [
        "watch", "--url", server.url("/t.json").absoluteString, "--cache", cache.url.path,
        "--every", "\(time.period.components.seconds)", "--max-updates", "1",
      ], replacing: [.makeWatch(environment: environment)])
  }

  @Test("after the first fetch it prints one JSON line per update activated, up to K")
  func printsUpdates() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(
        at: "/t.json", Self.template(1, greeting: "hi", color: "red"), etag: "\"1\"")
      let (watch, stream, cache) = try await Self.startWatching(server, maximumUpdates: 2)
      server.serveTemplate(
        at: "/t.json", Self.template(2, greeting: "hello", color: "red"), etag: "\"2\"")
      stream.send("{\"latestTemplateVersionNumber\": 2}\n")
      _ = await server.waitForRequests(count: 3)
      server.serveTemplate(
        at: "/t.json", Self.template(5, greeting: "hey", color: "blue"), etag: "\"5\"")
      stream.send("data: {\"latestTemplateVersionNumber\": 5}\n\n")
      let (status, capture) = await watch.value
      #expect(status == .success)
      #expect(
        capture.outputLines == [
          #"{"version":2,"updatedKeys":["greeting"]}"#,
          #"{"version":5,"updatedKeys":["color","greeting"]}"#,
        ])
      #expect(capture.error.contains("fetched template version 1"))
      #expect(capture.error.contains("listening to"))
      await stream.waitUntilEnded()
      // The updates were activated and cached: a fetch now serves version 5 from the cache.
      let (_, fetched) = await CapturedToolIO.run(
        ["fetch", "--url", server.url("/t.json").absoluteString, "--cache", cache.url.path],
        replacing: [.makeFetch(environment: .pinned(at: TestTime.start))])
      #expect(fetched.output.contains("\"hey\""))
      #expect(fetched.error.contains("served from cache"))
    }
  }

  @Test("--every prints one line per change the template source serves, and none for 304s")
  func everyPrintsEachChange() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(
        at: "/t.json", Self.template(1, greeting: "hi", color: "red"), etag: "\"1\"")
      let time = PeriodClock(period: .seconds(30))
      let cache = try TemporaryDirectory()
      // A child task: the suite's time limit cancels it should the update never come.
      async let watch = Self.watchForOneUpdate(server, every: time, cache: cache)
      await time.startNextRound()  // unchanged: 304
      await time.waitForRoundToEnd()
      server.serveTemplate(
        at: "/t.json", Self.template(2, greeting: "hello", color: "red"), etag: "\"2\"")
      await time.startNextRound()  // the change
      let (status, capture) = await watch
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"version":2,"updatedKeys":["greeting"]}"#])
      #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"1\"", "\"1\""])
    }
  }

  @Test("an announcement of the active version prints nothing")
  func ignoresCurrentVersion() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(
        at: "/t.json", Self.template(4, greeting: "hi", color: "red"), etag: "\"4\"")
      let stream = LoopbackStream()
      server.enqueue(at: "/stream", .stream(stream))
      let cache = try TemporaryDirectory()
      stream.send("{\"latestTemplateVersionNumber\": 4}\n{\"featureDisabled\": true}\n")
      let (status, capture) = await Self.watch(Self.arguments(server, cache: cache))
      #expect(status == .failure)
      #expect(capture.output.isEmpty)
      #expect(capture.error.contains("the server has disabled real-time updates"))
      #expect(server.requests.filter { $0.path == "/t.json" }.count == 1)
    }
  }

  @Test("a stream the server refuses ends the watch with status 1 and the reason")
  func refusedStream() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(
        at: "/t.json", Self.template(1, greeting: "hi", color: "red"), etag: "\"1\"")
      server.enqueue(at: "/stream", .status(404))
      let cache = try TemporaryDirectory()
      let (status, capture) = await Self.watch(Self.arguments(server, cache: cache))
      #expect(status == .failure)
      #expect(capture.output.isEmpty)
      #expect(capture.error.contains("the server refused the stream (real-time stream: HTTP 404)"))
    }
  }

  @Test(
    "a missing --stream, a bad stream URL or a bad --max-updates is a usage error",
    arguments: [
      ["--url", "http://127.0.0.1:1/t", "--cache", "/tmp/x"],
      ["--url", "http://127.0.0.1:1/t", "--stream", "ftp://x/s", "--cache", "/tmp/x"],
      [
        "--url", "http://127.0.0.1:1/t", "--stream", "http://127.0.0.1:1/s", "--cache", "/tmp/x",
        "--max-updates", "0",
      ],
    ])
  func usage(arguments: [String]) async {
    let (status, capture) = await Self.watch(arguments)
    #expect(status == .usage)
    #expect(capture.error.hasPrefix("switchyard watch: "))
  }

  @Test("watch and fetch are listed by --help")
  func registered() async {
    let (status, capture) = await CapturedToolIO.run(["--help"])
    #expect(status == .success)
    #expect(capture.output.contains("  fetch "))
    #expect(capture.output.contains("  watch "))
  }
}
