@testable import ConfigClient
@testable import ConfigEngine
import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// A Firebase app's real-time stream through the fake Google: the request, the updates it
/// brings (fetched with `REALTIME/<attempt>`), and the refusals.
@Suite("FirebaseRealtimeTransport", .timeLimit(.minutes(3)))
struct FirebaseRealtimeTransportTests {
  typealias Fixture = FirebaseAppFixture
  static let streamPath = FakeGoogleEndpoint.realtime(project: Fixture.projectNumber)
  static let fetchPath = FakeGoogleEndpoint.appFetch(project: Fixture.projectNumber)

  /// An app whose client has fetched version 1, and an updater over its stream with no
  /// delay before fetching.
  struct Setup {
    let app: FirebaseApp
    let client: RemoteConfigClient
    let updater: RealtimeUpdater

    init(_ fixture: Fixture, autoActivate: Bool = false) async throws {
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      app = fixture.app()
      client = fixture.client(
        app, settings: RemoteConfigSettings(autoActivate: autoActivate),
        context: EvaluationContext(customSignals: ["stage": "elementary", "year": 2]))
      try await client.fetchAndActivate()
      updater = app.realtimeUpdater(for: client, random: .constant(0))
    }
  }

  @Test("the stream POSTs Android's headers and the body with the last fetched version")
  func request() async throws {
    try await Fixture.with { fixture in
      let setup = try await Setup(fixture)
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      let installation = try await setup.app.installations.currentInstallation(timeout: .seconds(1))
      let sent = try #require(fixture.google.requests(to: Self.streamPath).first)
      #expect(sent.method == "POST")
      #expect(
        sent.target
          == "/v1/projects/\(Fixture.projectNumber)/namespaces/firebase:streamFetchInvalidations")
      #expect(sent.header("X-Goog-Api-Key") == Fixture.apiKey)
      #expect(sent.header("X-Goog-Firebase-Installations-Auth") == installation.authToken)
      #expect(sent.header("X-Accept-Response-Streaming") == "true")
      #expect(sent.header("X-Google-GFE-Can-Retry") == "yes")
      #expect(sent.header("Content-Type") == "application/json")
      #expect(sent.header("Accept") == "application/json")
      #expect(sent.header("If-None-Match") == (await setup.client.fetchedETag))
      let expected: JSONValue = [
        "project": .string(Fixture.projectNumber), "namespace": "firebase",
        "lastKnownVersionNumber": "1", "appId": .string(Fixture.appID),
        "sdkVersion": .string(SwitchyardVersion.current),
        "appInstanceId": .string(installation.fid),
      ]
      #expect(try JSONParser().parse(sent.body) == expected)
    }
  }

  @Test(
    "the app's updater reframes Firebase's stream with the settings' message limit",
    arguments: [(limit: 16 * 1024, rejected: true), (limit: 64 * 1024, rejected: false)])
  func messageLimit(limit: Int, rejected: Bool) async throws {
    try await Fixture.with { fixture in
      let setup = try await Setup(fixture)
      let updater = setup.app.realtimeUpdater(
        for: setup.client, settings: RealtimeSettings(maximumMessageBytes: limit),
        random: .constant(0))
      var events = updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      // A message of about 20 kB (a field Firebase's messages do not have), then a publish.
      fixture.google.sendRealtime(
        JSONObject([("padding", .string(String(repeating: "x", count: 20_000)))]),
        project: Fixture.project)
      try fixture.google.publishTemplate(
        Fixture.template.replacingOccurrences(of: "hello grade 2", with: "welcome, grade 2"),
        project: Fixture.project)
      var next = await events.next()
      if case .messageRejected(let message)? = next {
        #expect(rejected, "\(message)")
        next = await events.next()
      } else {
        #expect(!rejected, "\(String(describing: next))")
      }
      #expect(next == .fetched(versionNumber: 2))
    }
  }

  @Test("a publish reaches the updater, which fetches with REALTIME/1 and reports the version")
  func update() async throws {
    try await Fixture.with { fixture in
      let setup = try await Setup(fixture)
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      try fixture.google.publishTemplate(
        Fixture.template.replacingOccurrences(of: "hello grade 2", with: "welcome, grade 2"),
        project: Fixture.project)
      #expect(await events.next() == .fetched(versionNumber: 2))
      let fetches = fixture.google.requests(to: Self.fetchPath)
      #expect(fetches.map { $0.header("X-Firebase-RC-Fetch-Type") } == ["BASE/1", "REALTIME/1"])
      #expect(await setup.client.activate() == ["welcome"])
      #expect(setup.client.snapshot["welcome"].rawValue == "welcome, grade 2")
    }
  }

  @Test("a fetch that has not reached the announced version yet is tried again: REALTIME/2")
  func secondAttempt() async throws {
    try await Fixture.with { fixture in
      let setup = try await Setup(fixture, autoActivate: true)
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      // The first real-time fetch still sees version 1 (a replica behind).
      let stale = LoopbackResponse.json(
        [
          "state": "UPDATE", "entries": ["welcome": "hello grade 2", "limit": "3"],
          "templateVersion": "1",
        ])
      fixture.google.enqueue(Self.fetchPath, stale)
      try fixture.google.publishTemplate(
        Fixture.template.replacingOccurrences(of: "\"3\"", with: "\"5\""), project: Fixture.project)
      #expect(await events.next() == .activated(versionNumber: 2, updatedKeys: ["limit"]))
      let types = fixture.google.requests(to: Self.fetchPath).map {
        $0.header("X-Firebase-RC-Fetch-Type")
      }
      #expect(types == ["BASE/1", "REALTIME/1", "REALTIME/2"])
    }
  }

  @Test("a 403 stops the updater with Google's message; featureDisabled stops it too")
  func refusals() async throws {
    try await Fixture.with { fixture in
      let setup = try await Setup(fixture)
      let message =
        "Firebase Remote Config Realtime API has not been used in project 123456789012 before"
        + " or it is disabled."
      fixture.google.refuseRealtime(project: Fixture.project, message: message)
      let error = try #require(await setup.updater.serviceRefusal())
      #expect(error.httpStatus == 403)
      #expect(error.message == message)
      #expect(error.hint?.contains("Realtime API is enabled") == true)
      #expect("\(RealtimeStreamError.underlying(error.sourceFailure))".contains(message))

      fixture.google.allowRealtime(project: Fixture.project)
      let again = setup.app.realtimeUpdater(for: setup.client, random: .constant(0))
      var events = again.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      fixture.google.sendRealtime(JSONObject([("featureDisabled", true)]), project: Fixture.project)
      #expect(await events.next() == .stopped(.featureDisabled))
    }
  }

  @Test("without an installation nothing is sent, and a refused configuration stops the updater")
  func noInstallation() async throws {
    try await Fixture.with { fixture in
      let app = fixture.app()
      let client = fixture.client(app)
      fixture.google.enqueue(
        .installations(project: Fixture.projectNumber),
        .googleError(code: 403, status: "PERMISSION_DENIED", message: "API key not valid."))
      var stopped: RealtimeStopReason?
      for await event in app.realtimeUpdater(for: client, random: .constant(0)).events() {
        if case .stopped(let reason) = event { stopped = reason }
      }
      guard case .rejected(let refusal)? = stopped,
        case .misconfigured(.apiKey?, _, _)? = refusal.underlying(as: FirebaseInstallationsError.self)
      else {
        Issue.record("expected the installation's refusal, got \(String(describing: stopped))")
        return
      }
      #expect(fixture.google.requests(to: Self.streamPath).isEmpty)
    }
  }
}
