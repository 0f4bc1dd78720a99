@testable import ConfigClient
@testable import ConfigEngine
import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing

/// A `RemoteConfigClient` over Firebase's app fetch, through the fake Google: values Firebase
/// evaluated, the context rule, the installation kept across restarts, and updates by
/// Firebase's rules.
@Suite("RemoteConfigClient over Firebase's app fetch", .timeLimit(.minutes(3)))
struct ClientOverFirebaseAppTests {
  typealias Fixture = FirebaseAppFixture
  static let fetchPath = FakeGoogleEndpoint.appFetch(project: Fixture.projectNumber)
  static let registrations = FakeGoogleEndpoint.installations(project: Fixture.projectNumber)
  static let grade2 = EvaluationContext(customSignals: ["stage": "elementary", "year": 2])
  static let defaults = InAppDefaults(["legacy": "in-app", "welcome": "default welcome"])

  @Test("Firebase's values are remote; a key it leaves to the app takes the in-app default")
  func values() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let client = fixture.client(fixture.app(), defaults: Self.defaults, context: Self.grade2)
      let result = try await client.fetchAndActivate()
      #expect(result.fetch == .newTemplate(versionNumber: 1))
      let snapshot = client.snapshot
      #expect(
        snapshot["welcome"]
          == ConfigValue(key: "welcome", rawValue: "hello grade 2", source: .remote))
      #expect(snapshot["limit"] == ConfigValue(key: "limit", rawValue: "3", source: .remote))
      #expect(
        snapshot["legacy"] == ConfigValue(key: "legacy", rawValue: "in-app", source: .default))
      #expect(result.updatedKeys == ["welcome", "limit"])
      // Evaluated for any other context, the fetched values stay what Firebase said.
      #expect(client.values(for: EvaluationContext())["welcome"].rawValue == "hello grade 2")
    }
  }

  @Test("new custom signals make the next fetch ignore the interval, never the throttle")
  func signalsSkipInterval() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let client = fixture.client(fixture.app(), context: Self.grade2)
      try await client.fetchAndActivate()
      // The same signals within the interval: served from the cache.
      await client.setContext(Self.grade2)
      #expect(try await client.fetchAndActivate().fetch == .servedFromCache)
      #expect(fixture.google.requests(to: Self.fetchPath).count == 1)

      await client.setContext(EvaluationContext(customSignals: ["stage": "elementary", "year": 3]))
      #expect(await client.isContextChanged)
      let result = try await client.fetchAndActivate()
      #expect(result.updatedKeys == ["welcome"])
      #expect(client.snapshot["welcome"].rawValue == "hi")
      #expect(fixture.google.requests(to: Self.fetchPath).count == 2)
      #expect(await !client.isContextChanged)

      // Throttled (two 503s in a row): a signal change does not get past it.
      let unavailable = LoopbackResponse.googleError(
        code: 503, status: "UNAVAILABLE", message: "down")
      fixture.google.enqueue(Self.fetchPath, unavailable, unavailable)
      await client.setContext(Self.grade2)
      await #expect(throws: FetchError.self) { try await client.fetch() }
      await client.setContext(EvaluationContext(customSignals: ["stage": "elementary", "year": 1]))
      await #expect(throws: FetchError.self) { try await client.fetch() }
      let until = try #require(await client.throttledUntil)
      await client.setContext(Self.grade2)
      await #expect(throws: FetchError.throttled(until: until)) { try await client.fetch() }
      #expect(fixture.google.requests(to: Self.fetchPath).count == 4)
    }
  }

  @Test("the context-changed mark survives a restart, and a successful fetch clears it")
  func markSurvivesRestart() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let store = InMemoryConfigStore()
      let app = fixture.app()
      let client = fixture.client(app, store: store, context: Self.grade2)
      try await client.fetchAndActivate()
      await client.setContext(EvaluationContext(customSignals: ["stage": "juniorHigh", "year": 1]))

      let restarted = fixture.client(fixture.app(), store: store)
      let reasons = await restarted.restore()
      #expect(
        reasons.contains(
          .because("the context changed since the last fetch; the next fetch ignores the interval"))
      )
      #expect(await restarted.isContextChanged)
      #expect(try await restarted.fetch() == .newTemplate(versionNumber: 1))
      #expect(await !restarted.isContextChanged)
      let third = fixture.client(fixture.app(), store: store)
      await third.restore()
      #expect(try await third.fetch() == .servedFromCache)
    }
  }

  @Test(
    "only a source that evaluates on its server fetches again, within the interval, for a new context",
    arguments: [
      (evaluatesOnServer: false, sent: [EvaluationContext()], second: FetchResult.servedFromCache),
      (evaluatesOnServer: true, sent: [EvaluationContext(), grade2], second: .newTemplate(versionNumber: 1)),
    ])
  func localSourcesKeepInterval(
    evaluatesOnServer: Bool, sent: [EvaluationContext], second: FetchResult
  ) async throws {
    let template = TemplateFixtures.template(version: 1, ["a": "1"])
    let source = InMemoryTemplateSource(
      [.template(template, etag: "1"), .template(template, etag: "1")],
      evaluatesOnServer: evaluatesOnServer)
    let client = RemoteConfigClient(source: source, timeSource: ManualTimeSource())
    #expect(try await client.fetch() == .newTemplate(versionNumber: 1))
    await client.setContext(Self.grade2)
    #expect(try await client.fetch() == second)
    #expect(source.fetchRequests.map(\.context) == sent)
  }

  @Test("the installation lives in the client's state file: a restart registers nothing")
  func installationSurvivesRestart() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let directory = try TemporaryDirectory()
      let store = FileConfigStore(directory: directory.url)
      let client = fixture.client(fixture.app(), store: store, context: Self.grade2)
      try await client.fetchAndActivate()
      let saved = try String(contentsOfFile: store.path, encoding: .utf8)
      let installation = try #require(fixture.google.registeredInstallations.first)
      #expect(saved.contains(installation))
      // Owner only: the file holds the installation's tokens.
      let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

      // A day later (past the interval), with a week-long token: one fetch, nothing else.
      fixture.advance(by: 86_400)
      let restarted = fixture.client(fixture.app(), store: store)
      await restarted.restore()
      _ = try await restarted.fetchAndActivate()
      #expect(fixture.google.requests(to: Self.registrations).count == 1)
      #expect(fixture.google.authTokenRequests(project: Fixture.project).isEmpty)
      #expect(fixture.google.requests(to: Self.fetchPath).count == 2)

      // Less than an hour of the token left: a new token, still no registration, saved.
      fixture.advance(by: 6 * 86_400 - 1_800)
      let later = fixture.client(fixture.app(), store: store)
      await later.restore()
      _ = try await later.fetch()
      #expect(fixture.google.authTokenRequests(project: Fixture.project).count == 1)
      #expect(fixture.google.requests(to: Self.registrations).count == 1)
      let renewed = try String(contentsOfFile: store.path, encoding: .utf8)
      #expect(renewed != saved)
      let last = fixture.client(fixture.app(), store: store)
      await last.restore()
      fixture.advance(by: 13 * 3600)
      _ = try await last.fetch()
      #expect(fixture.google.authTokenRequests(project: Fixture.project).count == 1)
    }
  }

  @Test("a failed fetch still saves an installation it registered")
  func failedFetchSavesInstallation() async throws {
    try await Fixture.with { fixture in
      // A refusal that does not touch the throttle: only the installation makes it save.
      fixture.google.enqueue(
        Self.fetchPath, .googleError(code: 403, status: "PERMISSION_DENIED", message: "no"))
      let store = InMemoryConfigStore()
      let client = fixture.client(fixture.app(), store: store)
      await #expect(throws: FetchError.self) { try await client.fetch() }
      let saved = try #require(try await store.load())
      let fid = try #require(fixture.google.registeredInstallations.first)
      #expect(String(decoding: saved, as: UTF8.self).contains(fid))
    }
  }

  @Test("INSTANCE_STATE_UNSPECIFIED fails the fetch and keeps the fetched values")
  func unspecifiedKeepsValues() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let client = fixture.client(fixture.app(), context: Self.grade2)
      try await client.fetchAndActivate()
      fixture.google.enqueue(Self.fetchPath, .json(["state": "INSTANCE_STATE_UNSPECIFIED"]))
      await #expect(throws: FetchError.self) {
        try await client.fetch(ignoringMinimumInterval: true)
      }
      #expect(await client.fetchedVersionNumber == 1)
      #expect(client.snapshot["welcome"].rawValue == "hello grade 2")
    }
  }

  @Test("a fetch whose values are the same but whose rollout variant changed updates that key")
  func metadataUpdates() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      func rollout(_ variant: String) -> JSONObject {
        let rollouts: JSONValue = [
          ["rolloutId": "r1", "variantId": .string(variant), "affectedParameterKeys": ["limit"]]
        ]
        return JSONObject([("rolloutMetadata", rollouts)])
      }
      fixture.google.setAppFetchMetadata(rollout("v1"), project: Fixture.project)
      let client = fixture.client(fixture.app(), context: Self.grade2)
      try await client.fetchAndActivate()
      var updates = client.updates().makeAsyncIterator()
      fixture.google.setAppFetchMetadata(rollout("v2"), project: Fixture.project)
      let result = try await client.fetchAndActivate(ignoringMinimumInterval: true)
      #expect(result.fetch == .newTemplate(versionNumber: 1))
      #expect(result.updatedKeys == ["limit"])
      #expect(await updates.next()?.updatedKeys == ["limit"])
      // Again the same: nothing changes.
      let same = try await client.fetchAndActivate(ignoringMinimumInterval: true)
      #expect(same.fetch == .notModified)
      #expect(same.updatedKeys.isEmpty)
    }
  }
}
