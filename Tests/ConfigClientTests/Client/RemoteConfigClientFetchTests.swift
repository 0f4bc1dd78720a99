@testable import ConfigClient
@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

// A safety net, not a timing assertion: a missing update fails the test instead of
// hanging the run.
@Suite("RemoteConfigClient fetching", .timeLimit(.minutes(3)))
struct RemoteConfigClientFetchTests {
  let v1 = TemplateFixtures.template(version: 1, ["greeting": "hello"])
  let v2 = TemplateFixtures.template(version: 2, ["greeting": "bonjour"])

  @Test("a fetch within the minimum interval is served from the cache without a network call")
  func minimumInterval() async throws {
    let harness = ClientHarness([.template(v1, etag: "e1"), .notModified])
    #expect(try await harness.client.fetch() == .newTemplate(versionNumber: 1))
    harness.time.advance(by: .seconds(12 * 3600 - 1))
    #expect(try await harness.client.fetch() == .servedFromCache)
    #expect(harness.source.requestCount == 1)
    harness.time.advance(by: .seconds(1))
    #expect(try await harness.client.fetch() == .notModified)
    #expect(harness.source.requests == [nil, "e1"])
  }

  @Test(
    "a body with a byte order mark is kept without it, and a body identical but for the mark is the active template"
  )
  func byteOrderMark() async throws {
    let marked = "\u{FEFF}" + v1
    let harness = ClientHarness(
      [.template(marked, etag: "e1"), .template(v1, etag: "e2"), .template(marked, etag: "e3")],
      settings: RemoteConfigSettings(minimumFetchInterval: .zero))
    _ = try await harness.client.fetchAndActivate()
    #expect(await harness.client.state.active?.template.bytes == Array(v1.utf8))
    for _ in 0..<2 {
      #expect(try await harness.client.fetch() == .newTemplate(versionNumber: 1))
      #expect(await harness.client.state.fetched?.isActivated == true)
      #expect(await harness.client.state.fetched?.template.bytes == Array(v1.utf8))
    }
  }

  @Test("the minimum interval is a setting; zero fetches every time")
  func intervalSetting() async throws {
    let settings = RemoteConfigSettings(minimumFetchInterval: .seconds(60))
    let harness = ClientHarness([.template(v1, etag: "e1"), .notModified], settings: settings)
    _ = try await harness.client.fetch()
    harness.time.advance(by: .seconds(59))
    #expect(try await harness.client.fetch() == .servedFromCache)
    harness.time.advance(by: .seconds(1))
    #expect(try await harness.client.fetch() == .notModified)
  }

  @Test(
    "a 304 answers the stored ETag and keeps the fetched template; its time restarts the interval")
  func notModified() async throws {
    let harness = ClientHarness([.template(v1, etag: "e1"), .notModified])
    _ = try await harness.client.fetchAndActivate()
    harness.time.advance(by: .seconds(13 * 3600))
    #expect(try await harness.client.fetch() == .notModified)
    #expect(await harness.client.fetchedVersionNumber == 1)
    #expect(await harness.client.lastSuccessfulFetchTime == harness.time.now)
    #expect(await harness.client.fetchedETag == "e1")
    #expect(harness.client.snapshot["greeting"].rawValue == "hello")
    #expect(try await harness.client.fetch() == .servedFromCache)
  }

  @Test("not modified with nothing fetched before is an invalid response, not a success")
  func notModifiedWithNothingFetched() async {
    let harness = ClientHarness([.notModified])
    await #expect(
      throws: FetchError.source(
        .invalidResponse("not modified, with nothing fetched before to keep"))
    ) {
      try await harness.client.fetch()
    }
    #expect(await harness.client.lastSuccessfulFetchTime == nil)
  }

  @Test("not modified keeps a template fetched without an ETag, as Firebase's NO_CHANGE does")
  func notModifiedWithoutETag() async throws {
    let harness = ClientHarness([.template(v1, etag: nil), .notModified])
    _ = try await harness.client.fetchAndActivate()
    #expect(try await harness.client.fetch(ignoringMinimumInterval: true) == .notModified)
    #expect(await harness.client.fetchedVersionNumber == 1)
    #expect(harness.client.snapshot["greeting"].rawValue == "hello")
  }

  @Test("markStale makes the next fetch ignore the minimum interval, once")
  func markStale() async throws {
    let harness = ClientHarness([.template(v1, etag: "e1"), .template(v2, etag: "e2")])
    _ = try await harness.client.fetch()
    await harness.client.markStale()
    #expect(harness.client.isStale)
    #expect(try await harness.client.fetch() == .newTemplate(versionNumber: 2))
    #expect(!harness.client.isStale)
    #expect(try await harness.client.fetch() == .servedFromCache)
    #expect(harness.source.requests == [nil, "e1"])
  }

  @Test("fetch(ignoringMinimumInterval:) goes to the network within the interval")
  func ignoringInterval() async throws {
    let harness = ClientHarness([.template(v1, etag: "e1"), .notModified])
    _ = try await harness.client.fetch()
    #expect(try await harness.client.fetch(ignoringMinimumInterval: true) == .notModified)
    #expect(harness.source.requestCount == 2)
  }

  @Test("the fetch timeout fails a source that never answers, on the client's clock")
  func timeout() async throws {
    let settings = RemoteConfigSettings(fetchTimeout: .seconds(60))
    let harness = ClientHarness([.stall], settings: settings)
    let fetch = Task { try await harness.client.fetch() }
    await harness.time.waitForSleepers(count: 1)
    harness.time.advance(by: .seconds(59))
    #expect(harness.time.sleeperCount == 1)
    harness.time.advance(by: .seconds(1))
    // The deadline's sleep is over; were it still waiting, awaiting the fetch would hang.
    try #require(harness.time.sleeperCount == 0)
    await #expect(throws: FetchError.source(.timeout)) { try await fetch.value }
    #expect(await harness.client.throttledUntil == nil)
  }

  @Test("concurrent fetches share one request")
  func coalesced() async throws {
    let harness = ClientHarness([.stall])
    let (first, second) = await harness.client.startTwoFetches()
    // The request's deadline sleeps once both calls have reached the client: time moves
    // only while the second call is inside the first one's fetch (or, had it sent its own
    // request, has already failed on the empty script).
    await harness.time.waitForSleepers(count: 1)
    #expect(harness.source.requestCount == 1)
    harness.time.advance(by: .seconds(60))
    try #require(harness.time.sleeperCount == 0)
    await #expect(throws: FetchError.source(.timeout)) { try await first.value }
    await #expect(throws: FetchError.source(.timeout)) { try await second.value }
    #expect(harness.source.requestCount == 1)
  }

  @Test(
    "a template that does not parse or validate is rejected and replaces nothing",
    arguments: [
      "{\"parameters\": {\"a\": ",
      "[1, 2]",
      #"{"parameters": {"flag": {"defaultValue": {"value": "yes"}, "valueType": "BOOLEAN"}}}"#,
      #"{"parameters": {"a": {"defaultValue": {"value": "1"}, "conditionalValues": {"ghost": {"value": "2"}}}}}"#,
      #"{"parameters": {"1bad key": {"defaultValue": {"value": "1"}}}}"#,
    ])
  func invalidTemplate(body: String) async throws {
    let harness = ClientHarness([.template(v1, etag: "e1"), .template(body, etag: "bad")])
    _ = try await harness.client.fetchAndActivate()
    let saved = harness.store.bytes
    let saves = harness.store.saveCount
    await #expect {
      try await harness.client.fetch(ignoringMinimumInterval: true)
    } throws: { error in
      guard case FetchError.invalidTemplate(let template) = error else { return false }
      return !template.errors.isEmpty
    }
    #expect(await harness.client.fetchedVersionNumber == 1)
    #expect(await harness.client.fetchedETag == "e1")
    #expect(await harness.client.activate() == [])
    #expect(harness.client.snapshot["greeting"].rawValue == "hello")
    #expect(harness.store.bytes == saved)
    #expect(harness.store.saveCount == saves)
    // The rejected template does not restart the interval: the next fetch tries again.
    #expect(await harness.client.lastSuccessfulFetchTime == TestTime.start)
  }

  @Test("the rejection names the problem and where it is")
  func rejectionMessage() async {
    let body =
      #"{"parameters": {"flag": {"defaultValue": {"value": "yes"}, "valueType": "BOOLEAN"}}}"#
    let harness = ClientHarness([.template(body)])
    do {
      _ = try await harness.client.fetch()
      Issue.record("the invalid template was accepted")
    } catch {
      #expect(error.description.contains("parameters.flag.defaultValue"))
      #expect(error.description.contains("\"yes\" is not a BOOLEAN"))
    }
  }

  @Test("warnings alone do not reject a template")
  func warningsOnly() async throws {
    let body =
      #"{"conditions": [{"name": "unused", "expression": "true"}], "parameters": {"a": {"defaultValue": {"value": "1"}}}}"#
    let harness = ClientHarness([.template(body)])
    #expect(try await harness.client.fetch() == .newTemplate(versionNumber: nil))
  }

  @Test("a body over the size limit is refused as too large")
  func tooLarge() async {
    let harness = ClientHarness(
      [.template(v1)], settings: RemoteConfigSettings(maximumTemplateBytes: 20))
    await #expect(throws: FetchError.source(.bodyTooLarge(limit: 20))) {
      try await harness.client.fetch()
    }
    #expect(await harness.client.fetchedVersionNumber == nil)
  }

  @Test("autoActivate activates each new template as it arrives")
  func autoActivate() async throws {
    let settings = RemoteConfigSettings(autoActivate: true)
    let harness = ClientHarness([.template(v1)], settings: settings)
    var updates = harness.client.updates().makeAsyncIterator()
    #expect(try await harness.client.fetch() == .newTemplate(versionNumber: 1))
    #expect(harness.client.snapshot.versionNumber == 1)
    let delivered = await harness.client.deliveredUpdates(&updates)
    #expect(delivered.map(\.updatedKeys) == [["greeting"]])
  }

  @Test(
    "fetchAndActivate reports the fetch and the keys it changed, and activates an earlier fetch")
  func fetchAndActivate() async throws {
    let harness = ClientHarness(
      [.template(v1, etag: "e1")], defaults: InAppDefaults(["other": "x"]))
    _ = try await harness.client.fetch()
    let result = try await harness.client.fetchAndActivate()
    #expect(result == FetchAndActivateResult(fetch: .servedFromCache, updatedKeys: ["greeting"]))
    #expect(harness.rawValues == ["greeting": "hello", "other": "x"])
  }

  @Test(
    "with autoActivate, fetchAndActivate still reports the keys the new template changed",
    arguments: [false, true])
  func fetchAndActivateReportsAutoActivation(autoActivate: Bool) async throws {
    let settings = RemoteConfigSettings(minimumFetchInterval: .zero, autoActivate: autoActivate)
    let harness = ClientHarness(
      [.template(v1, etag: "e1"), .notModified, .template(v2, etag: "e2")], settings: settings)
    #expect(
      try await harness.client.fetchAndActivate()
        == FetchAndActivateResult(fetch: .newTemplate(versionNumber: 1), updatedKeys: ["greeting"]))
    #expect(
      try await harness.client.fetchAndActivate()
        == FetchAndActivateResult(fetch: .notModified, updatedKeys: []))
    #expect(
      try await harness.client.fetchAndActivate()
        == FetchAndActivateResult(fetch: .newTemplate(versionNumber: 2), updatedKeys: ["greeting"]))
    #expect(harness.rawValues == ["greeting": "bonjour"])
  }
}

extension RemoteConfigClient {
  /// `fetch()`, then `fetch(ignoringMinimumInterval: true)`, started in one turn of the
  /// actor. Tasks made on an actor start on it in the order they were made, so the second
  /// call reaches the client before the first call's request starts (and sleeps).
  fileprivate func startTwoFetches() -> (
    first: Task<FetchResult, any Error>, second: Task<FetchResult, any Error>
  ) {
    (
      Task { try await self.fetch() },
      Task { try await self.fetch(ignoringMinimumInterval: true) }
    )
  }
}
