import ConfigClient
import ConfigEngine
import Core
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `RemoteConfigClient.refresh(every:report:)` over the Firebase server template on a
/// loopback server, on a manual clock: one conditional request per period, one activation
/// per change, failures reported without ending it, the throttle obeyed, cancellation final.
@Suite("RemoteConfigClient.refresh", .timeLimit(.minutes(3)))
struct RemoteConfigClientRefreshTests {
  typealias Outcome = Result<FetchAndActivateResult, FetchError>
  static let path = FirebaseServerTemplateSourceTests.path
  static let period = Duration.seconds(60)
  /// What the first successful round reports: version 1 fetched and its key activated.
  static let firstActivation = Outcome.success(
    FetchAndActivateResult(fetch: .newTemplate(versionNumber: 1), updatedKeys: ["greeting"]))

  /// The template the fake serves now: a version and its etag, changed by the test.
  final class Published: Sendable {
    private let state = LockedState((version: 1, greeting: "hi"))

    func publish(version: Int, greeting: String) {
      state.withLock { $0 = (version, greeting) }
    }

    /// Serves the current template on `path`: 200 with `etag-<version>`, or 304 when the
    /// request's `If-None-Match` names it.
    func serve(on server: LoopbackHTTPServer, at path: String) {
      server.handle(path) { request in
        let (version, greeting) = self.state.withLock { $0 }
        let etag = "etag-42-\(version)"
        if request.header("If-None-Match") == etag { return .notModified(etag: etag) }
        return .ok(TemplateFixtures.template(version: version, ["greeting": greeting]), etag: etag)
      }
    }
  }

  /// A client on `server`'s server template, with Firebase's default 12-hour minimum fetch
  /// interval (which refreshing does not wait for).
  static func client(
    _ server: LoopbackHTTPServer, time: ManualTimeSource, autoActivate: Bool = false
  ) throws -> RemoteConfigClient {
    RemoteConfigClient(
      settings: RemoteConfigSettings(autoActivate: autoActivate),
      source: try FirebaseServerTemplateSourceTests.source(server, time: time),
      timeSource: time, random: .constant(0.5))
  }

  /// Starts `refresh(every:)` in a task whose reports arrive on the returned stream.
  static func startRefreshing(
    _ client: RemoteConfigClient, every period: Duration = period
  ) -> (task: Task<Void, Never>, outcomes: AsyncStream<Outcome>.Iterator) {
    let (stream, continuation) = AsyncStream<Outcome>.makeStream()
    let task = Task {
      await client.refresh(every: period) { continuation.yield($0) }
      continuation.finish()
    }
    return (task, stream.makeAsyncIterator())
  }

  /// Waits until the loop sleeps, then moves the clock by `duration`.
  static func advance(_ time: ManualTimeSource, by duration: Duration = period) async {
    await time.waitForSleepers(count: 1)
    time.advance(by: duration)
  }

  @Test(
    "each period sends one conditional request; a change reports its keys, auto-activated or not",
    arguments: [false, true])
  func periods(autoActivate: Bool) async throws {
    try await LoopbackHTTPServer.with { server in
      let published = Published()
      published.serve(on: server, at: Self.path)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time, autoActivate: autoActivate)
      var updates = client.updates().makeAsyncIterator()
      var (task, outcomes) = Self.startRefreshing(client)

      #expect(
        await outcomes.next()
          == Self.firstActivation)
      var fetches: [FetchResult] = []
      for period in 1...6 {
        if period == 4 { published.publish(version: 2, greeting: "hello") }
        await Self.advance(time)
        guard case .success(let result)? = await outcomes.next() else {
          Issue.record("period \(period) reported no success")
          return
        }
        fetches.append(result.fetch)
        #expect(result.updatedKeys == (period == 4 ? ["greeting"] : []))
      }
      task.cancel()
      await task.value

      #expect(
        fetches == [
          .notModified, .notModified, .notModified, .newTemplate(versionNumber: 2), .notModified,
          .notModified,
        ])
      #expect(
        server.requests.map { $0.header("If-None-Match") }
          == [nil, "etag-42-1", "etag-42-1", "etag-42-1", "etag-42-1", "etag-42-2", "etag-42-2"])
      #expect(client.snapshot["greeting"].rawValue == "hello")
      let delivered = await client.deliveredUpdates(&updates)
      #expect(delivered.map(\.updatedKeys) == [["greeting"], ["greeting"]])
      #expect(delivered.map { $0.snapshot["greeting"].rawValue } == ["hi", "hello"])
    }
  }

  @Test("a failed round is reported and the next period tries again")
  func failureIsReported() async throws {
    try await LoopbackHTTPServer.with { server in
      Published().serve(on: server, at: Self.path)
      server.enqueue(
        at: Self.path, FirebaseServerTemplateSourceTests.googleError(500, "INTERNAL", "boom"))
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time)
      var (task, outcomes) = Self.startRefreshing(client)

      guard case .failure(.source(let source))? = await outcomes.next(),
        let error = source.underlying(as: GoogleAPIError.self)
      else {
        Issue.record("the first round did not report Google's error")
        return
      }
      #expect(error.httpStatus == 500 && error.message == "boom")
      #expect(client.snapshot["greeting"].source == .static)
      await Self.advance(time)
      #expect(
        await outcomes.next()
          == Self.firstActivation)
      task.cancel()
      await task.value
      #expect(server.requests.count == 2)
    }
  }

  @Test("while the client is throttled the loop sleeps until the throttle ends, sending nothing")
  func sleepsThroughTheThrottle() async throws {
    try await LoopbackHTTPServer.with { server in
      Published().serve(on: server, at: Self.path)
      var tooMany = FirebaseServerTemplateSourceTests.googleError(
        429, "RESOURCE_EXHAUSTED", "slow down")
      tooMany.headers.append((name: "Retry-After", value: "300"))
      server.enqueue(at: Self.path, tooMany)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time)
      var (task, outcomes) = Self.startRefreshing(client)

      guard case .failure(.source(let source))? = await outcomes.next(),
        let error = source.underlying(as: GoogleAPIError.self)
      else {
        Issue.record("the first round did not report the 429")
        return
      }
      #expect(error.httpStatus == 429)
      #expect(await client.throttledUntil == TestTime.start.addingTimeInterval(300))
      // The period ends inside the throttle: the loop goes back to sleep without a request.
      await Self.advance(time)
      await Self.advance(time, by: .seconds(239))
      await time.waitForSleepers(count: 1)
      #expect(server.requests.count == 1)
      time.advance(by: .seconds(1))
      #expect(
        await outcomes.next()
          == Self.firstActivation)
      #expect(server.requests.count == 2)
      #expect(time.now == TestTime.start.addingTimeInterval(300))
      task.cancel()
      await task.value
    }
  }

  @Test("cancelling while the loop sleeps ends it, and nothing more is sent")
  func cancelWhileAsleep() async throws {
    try await LoopbackHTTPServer.with { server in
      Published().serve(on: server, at: Self.path)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time)
      var (task, outcomes) = Self.startRefreshing(client)
      _ = await outcomes.next()
      await time.waitForSleepers(count: 1)
      task.cancel()
      await task.value
      #expect(await outcomes.next() == nil)
      #expect(time.sleeperCount == 0)
      time.advance(by: .seconds(3600))
      #expect(server.requests.count == 1)
    }
  }

  @Test(
    "cancelling mid-fetch ends the loop at once; reads answer meanwhile from the active template")
  func cancelMidFetch() async throws {
    try await LoopbackHTTPServer.with { server in
      Published().serve(on: server, at: Self.path)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time)
      var (task, outcomes) = Self.startRefreshing(client)
      _ = await outcomes.next()
      server.enqueue(at: Self.path, .stall)
      await Self.advance(time)
      _ = await server.waitForRequests(count: 2)
      // The round hangs on the server; reads do not wait for it.
      #expect(client.snapshot["greeting"].rawValue == "hi")
      #expect(client.values(for: EvaluationContext())["greeting"].rawValue == "hi")
      task.cancel()
      await task.value
      #expect(await outcomes.next() == nil)
    }
  }

  @Test("a period under a second is raised to one second")
  func minimumPeriod() async throws {
    try await LoopbackHTTPServer.with { server in
      Published().serve(on: server, at: Self.path)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time)
      var (task, outcomes) = Self.startRefreshing(client, every: .zero)
      _ = await outcomes.next()
      await Self.advance(time, by: .milliseconds(999))
      #expect(time.sleeperCount == 1)
      #expect(server.requests.count == 1)
      time.advance(by: .milliseconds(1))
      #expect(
        await outcomes.next()
          == .success(FetchAndActivateResult(fetch: .notModified, updatedKeys: [])))
      task.cancel()
      await task.value
    }
  }
}
