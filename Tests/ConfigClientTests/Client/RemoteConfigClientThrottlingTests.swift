import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

// A safety net, not a timing assertion: a missing update fails the test instead of
// hanging the run.
@Suite("RemoteConfigClient throttling", .timeLimit(.minutes(3)))
struct RemoteConfigClientThrottlingTests {
  let v1 = TemplateFixtures.template(version: 1, ["greeting": "hello"])
  let always = RemoteConfigSettings(minimumFetchInterval: .zero)

  /// Fetches and returns how long the client is throttled for afterwards, in seconds.
  private func throttleAfterFetch(_ harness: ClientHarness) async -> TimeInterval? {
    _ = try? await harness.client.fetch()
    return await harness.client.throttledUntil?.timeIntervalSince(harness.time.now)
  }

  @Test("HTTP 429 throttles at once: later fetches fail without a network call until it ends")
  func tooManyRequests() async throws {
    let harness = ClientHarness([.tooManyRequests(), .template(v1)], settings: always)
    await #expect(throws: FetchError.source(.http(status: 429, retryAfter: nil))) {
      try await harness.client.fetch()
    }
    let until = TestTime.start.addingTimeInterval(120)
    #expect(await harness.client.throttledUntil == until)
    harness.time.advance(by: .seconds(119))
    await #expect(throws: FetchError.throttled(until: until)) {
      try await harness.client.fetch(ignoringMinimumInterval: true)
    }
    #expect(harness.source.requestCount == 1)
    harness.time.advance(by: .seconds(1))
    #expect(await harness.client.throttledUntil == nil)
    #expect(try await harness.client.fetch() == .newTemplate(versionNumber: 1))
  }

  @Test(
    "500, 502, 503 and 504 throttle after the second failure in a row",
    arguments: [500, 502, 503, 504])
  func serverErrors(status: Int) async {
    let harness = ClientHarness([.serverError(status), .serverError(status)], settings: always)
    #expect(await throttleAfterFetch(harness) == nil)
    #expect(await throttleAfterFetch(harness) == 120)
    #expect(harness.source.requestCount == 2)
  }

  @Test("connectivity errors and timeouts never throttle, however many")
  func neverThrottled() async {
    let steps: [InMemoryTemplateSource.Step] = Array(
      repeating: [.connectivity(), .timeout], count: 10
    ).flatMap { $0 }
    let harness = ClientHarness(steps, settings: always)
    for _ in 0..<20 {
      #expect(await throttleAfterFetch(harness) == nil)
    }
    #expect(harness.source.requestCount == 20)
  }

  @Test("each throttle in a row doubles the backoff, capped at 4 hours")
  func growthAndCap() async {
    let harness = ClientHarness(Array(repeating: .tooManyRequests(), count: 10), settings: always)
    var delays: [TimeInterval] = []
    for _ in 0..<10 {
      if let delay = await throttleAfterFetch(harness) {
        delays.append(delay)
        harness.time.advance(by: .timeInterval(delay))
      }
    }
    #expect(delays == [120, 240, 480, 960, 1_920, 3_840, 7_680, 14_400, 14_400, 14_400])
  }

  @Test(
    "the injected random source sets the jitter, within +-50 %",
    arguments: [(0.0, 60.0), (0.25, 90), (0.75, 150), (1.0, 180)])
  func jitter(fraction: Double, seconds: Double) async throws {
    let harness = ClientHarness([.tooManyRequests()], settings: always, random: .constant(fraction))
    let delay = try #require(await throttleAfterFetch(harness))
    #expect(abs(delay - seconds) < 1e-6)
    #expect(delay >= 60 && delay <= 180)
  }

  @Test("Retry-After in seconds and as a date is honoured exactly")
  func retryAfter() async throws {
    let date = TestTime.start.addingTimeInterval(7_200)
    let harness = ClientHarness(
      [.tooManyRequests(retryAfter: .seconds(900)), .serverError(503, retryAfter: .date(date))],
      settings: always, random: .constant(0.9))
    #expect(await throttleAfterFetch(harness) == 900)
    harness.time.advance(by: .seconds(900))
    _ = try? await harness.client.fetch()
    #expect(await harness.client.throttledUntil == date)
  }

  @Test("markStale bypasses the minimum interval but not the throttle")
  func staleDoesNotBypassThrottle() async {
    let harness = ClientHarness([.tooManyRequests()])
    _ = try? await harness.client.fetch()
    await harness.client.markStale()
    await #expect(throws: FetchError.throttled(until: TestTime.start.addingTimeInterval(120))) {
      try await harness.client.fetch()
    }
    #expect(harness.source.requestCount == 1)
  }

  @Test("a success after throttling starts the backoff over")
  func successResets() async throws {
    let harness = ClientHarness(
      [.tooManyRequests(), .template(v1), .tooManyRequests()], settings: always)
    #expect(await throttleAfterFetch(harness) == 120)
    harness.time.advance(by: .seconds(120))
    _ = try await harness.client.fetch()
    #expect(await harness.client.throttle == FetchThrottle())
    #expect(await throttleAfterFetch(harness) == 120)
  }

  @Test("the throttle survives a restart")
  func persisted() async {
    let harness = ClientHarness([.tooManyRequests(retryAfter: .seconds(3_600))])
    _ = try? await harness.client.fetch()
    let restarted = harness.restarted([.template(v1)])
    _ = await restarted.client.restore()
    let until = TestTime.start.addingTimeInterval(3_600)
    #expect(await restarted.client.throttledUntil == until)
    await #expect(throws: FetchError.throttled(until: until)) { try await restarted.client.fetch() }
    #expect(restarted.source.requestCount == 0)
  }
}
