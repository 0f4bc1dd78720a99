import Core
import Foundation
import HTTPTransport
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `switchyard serve --url`: the template is fetched again every `--every` seconds, a new one
/// is served at once and announced on the OFREP event stream, and a failed refresh keeps the
/// active one.
@Suite("switchyard serve --url", .timeLimit(.minutes(2)))
struct ServeRefreshTests {
  /// `serve --url` on `server`'s `/t.json` every 5 s, and the clock its rounds run on; with
  /// `version`, `server` first serves the test template at that version (ETag the version).
  static func serve(
    _ server: LoopbackHTTPServer, version: Int? = 7
  ) async throws -> (ServeHarness, PeriodClock) {
    if let version { publish(server, banner: "Welcome", version: version) }
    let clock = PeriodClock(period: .seconds(5))
    let serve = try await ServeHarness(
      ["--url", server.url("/t.json").absoluteString, "--every", "5"], clock: clock)
    return (serve, clock)
  }

  /// Makes `server` serve the test template with `banner` at `version`.
  static func publish(_ server: LoopbackHTTPServer, banner: String, version: Int) {
    server.serveTemplate(
      at: "/t.json", ServeCommandTests.template(banner: banner, version: version),
      etag: "\"\(version)\"")
  }

  /// Runs one refresh round to its end.
  static func round(_ clock: PeriodClock) async {
    await clock.startNextRound()
    await clock.waitForRoundToEnd()
  }
  @Test(
    "a refresh that finds a new template serves it and sends refetchEvaluation to the event stream")
  func refreshAnnounces() async throws {
    try await LoopbackHTTPServer.with { server in
      let (serve, clock) = try await Self.serve(server)
      let stream = try await HTTPExchange.open(
        HTTPRequest(url: serve.base.appending(path: "/ofrep/v1/events")),
        idleTimeout: .seconds(20), resourceTimeout: .seconds(60), maximumBodyBytes: nil)
      #expect(stream.head.status == 200)
      #expect(stream.head.header("Content-Type") == "text/event-stream")
      var events = stream.body.makeAsyncIterator()
      // A quiet stream gets a comment every 25 s, which keeps proxies from closing it.
      await clock.clock.waitForSleepers(count: 1)
      clock.clock.advance(by: ServeEventStreams.heartbeatPeriod)
      let heartbeat = String(decoding: try #require(try await events.next()), as: UTF8.self)
      Self.publish(server, banner: "Hello again", version: 8)
      await clock.startNextRound()
      let event = String(decoding: try #require(try await events.next()), as: UTF8.self)
      await clock.waitForRoundToEnd()
      let banner = try await serve.flag("banner")["value"] as? String
      // A failed round: the template stays.
      server.enqueue(at: "/t.json", .status(503))
      await Self.round(clock)
      let after = try await serve.flag("banner")
      let text = try await serve.metrics()
      #expect(await serve.finish() == .success)
      #expect(heartbeat == ": keep-alive\n\n")
      #expect(event.hasPrefix("id: 8\nevent: message\ndata: "))
      #expect(event.contains(#""type":"refetchEvaluation""#))
      #expect(event.contains(#""etag":"8""#))
      #expect(banner == "Hello again")
      #expect(after["value"] as? String == "Hello again")
      #expect(serve.capture.error.contains("the active template stays"))
      #expect(text.contains("switchyard_template_version 8"))
      #expect(text.contains("switchyard_refresh_failures_total 1"))
      #expect(text.contains("switchyard_event_stream_listeners 1"))
      // Stopping ends the event stream.
      #expect(try await events.next() == nil)
    }
  }

  @Test("a new version with the same values is swapped in too: the version it names follows")
  func sameValuesNewVersion() async throws {
    try await LoopbackHTTPServer.with { server in
      let (serve, clock) = try await Self.serve(server)
      Self.publish(server, banner: "Welcome", version: 9)
      await Self.round(clock)
      let bulk = try await serve.send(
        "POST", "/ofrep/v1/evaluate/flags", json: #"{"context":{}}"#)
      let metrics = try await serve.metrics()
      #expect(await serve.finish() == .success)
      let metadata = try ServeHarness.object(bulk)["metadata"] as? [String: Any]
      #expect(metadata?["version"] as? String == "9")
      #expect(metrics.contains("switchyard_template_version 9"))
    }
  }

  @Test("after three failed refreshes in a row the same values answer STALE, until one succeeds")
  func staleAfterFailures() async throws {
    try await LoopbackHTTPServer.with { server in
      let (serve, clock) = try await Self.serve(server)
      func banner() async throws -> (String?, String?) {
        let answer = try await serve.flag("banner")
        return (answer["value"] as? String, answer["reason"] as? String)
      }
      var reasons: [String?] = []
      server.enqueue(at: "/t.json", .status(404), .status(404), .status(404))
      for _ in 0..<3 {
        await Self.round(clock)
        let (value, reason) = try await banner()
        #expect(value == "Welcome")
        reasons.append(reason)
      }
      // The next round is answered (304): the mark goes.
      await Self.round(clock)
      reasons.append(try await banner().1)
      #expect(await serve.finish() == .success)
      #expect(reasons == ["STATIC", "STATIC", "STALE", "STATIC"])
    }
  }

  @Test(
    "5xx answers never hold a refresh back beyond --every: each round asks at its period, and three failures in a row answer STALE"
  )
  func serverErrors() async throws {
    try await LoopbackHTTPServer.with { server in
      Self.publish(server, banner: "Welcome", version: 7)
      let clock = RefreshRoundClock(period: .seconds(5))
      let serve = try await ServeHarness(
        ["--url", server.url("/t.json").absoluteString, "--every", "5"], clock: clock)
      // An app's client throttles from the second 5xx in a row, for minutes.
      server.enqueue(at: "/t.json", .status(503), .status(503), .status(503))
      var sleeps: [RefreshRoundClock.Sleep] = []
      var asked: [Int] = []
      var reasons: [String?] = []
      for _ in 0..<4 {
        sleeps.append(await clock.nextRound())
        guard sleeps.last == .period else { break }
        asked.append(server.requests.count)
        reasons.append(try await serve.flag("banner")["reason"] as? String)
      }
      #expect(await serve.finish() == .success)
      #expect(sleeps == [.period, .period, .period, .period])
      // The fetch at the start, then one each round, the fourth answered again (304).
      #expect(asked == [2, 3, 4, 5])
      #expect(reasons == ["STATIC", "STATIC", "STALE", "STATIC"])
    }
  }

  @Test("a secret in the URL's query or fragment never reaches standard error, round after round")
  func secretInURL() async throws {
    try await LoopbackHTTPServer.with { server in
      Self.publish(server, banner: "Welcome", version: 7)
      let clock = PeriodClock(period: .seconds(5))
      let url = server.url("/t.json?access_token=SECRET-query-77#SECRET-fragment-78")
      let serve = try await ServeHarness(
        ["--url", url.absoluteString, "--every", "5"], clock: clock)
      server.enqueue(at: "/t.json", .status(503), .status(404))
      await Self.round(clock)
      await Self.round(clock)
      #expect(await serve.finish() == .success)
      let failures = serve.capture.error.split(separator: "\n").filter {
        $0.contains("refreshing from http://127.0.0.1:\(server.port) failed")
      }
      #expect(failures.count == 2)
      #expect(serve.capture.error.contains("fetched template version 7 from http://127.0.0.1:"))
      #expect(!serve.capture.error.contains("SECRET"))
      // The query is still sent: it is what the server asked for.
      #expect(server.requests.first?.target == "/t.json?access_token=SECRET-query-77")
    }
  }

  @Test("readiness waits for a template: 503 while the URL has none to give, 200 after")
  func readiness() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t.json", .status(404))
      let (serve, clock) = try await Self.serve(server, version: nil)
      let before = try await serve.send("GET", "/readyz")
      let metrics = try await serve.metrics()
      let flag = try await serve.send(
        "POST", "/ofrep/v1/evaluate/flags/banner", json: #"{"context":{}}"#)
      Self.publish(server, banner: "Welcome", version: 7)
      await Self.round(clock)
      let after = try await serve.send("GET", "/readyz")
      #expect(await serve.finish() == .success)
      #expect(before.status == 503)
      // No good refresh yet, so no age of one.
      #expect(
        !metrics.split(separator: "\n").contains { $0.hasPrefix("switchyard_refresh_age_seconds ") }
      )
      #expect(flag.status == 503)
      #expect(after.status == 200)
    }
  }
}
