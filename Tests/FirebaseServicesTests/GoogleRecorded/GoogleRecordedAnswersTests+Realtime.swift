import Core
import FakeGoogle
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

/// The real-time stream's recorded messages and refusal, through a Firebase app's updater.
extension GoogleRecordedAnswersTests {
  /// An app whose client fetched version 1, with versions up to `published` (2 unless given)
  /// published since (announced to no stream), and an updater with no delay before fetching.
  struct RealtimeSetup {
    let client: RemoteConfigClient
    let updater: RealtimeUpdater

    init(_ fixture: Fixture, published: Int = 2) async throws {
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let app = fixture.app()
      client = fixture.client(app)
      try await client.fetchAndActivate()
      for version in 2...max(2, published) {
        try fixture.google.publishTemplate(
          Fixture.template.replacingOccurrences(of: "\"3\"", with: "\"\(version + 3)\""),
          project: Fixture.project)
      }
      updater = app.realtimeUpdater(for: client, random: .constant(0))
    }
  }

  @Test(
    "a message announcing a newer version is fetched, however its fields are spelled",
    arguments: [
      // Android's FirebaseRemoteConfigTest, realtime_stream_listen_and_failsafe_disabled.
      #"{ "featureDisabled": false,  "latestTemplateVersionNumber": 2 }"#,
      // DERIVED: Android's realtime_stream_listen_and_retry_success message, version 2.
      #"{ "latestTemplateVersionNumber": 2 }"#,
      // DERIVED: Firebase's multi-line array, as the stream sends it.
      "[{\n  \"latestTemplateVersionNumber\": \"2\"\n}\n",
    ])
  func newerVersion(message: String) async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      fixture.google.enqueue(Self.streamPath, Self.stream(message))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      #expect(await events.next() == .fetched(versionNumber: 2))
      let types = fixture.google.requests(to: Self.fetchPath).map {
        $0.header("X-Firebase-RC-Fetch-Type")
      }
      #expect(types == ["BASE/1", "REALTIME/1"])
    }
  }

  @Test("a version the app already has fetches nothing (Android's retry_success message)")
  func sameVersion() async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      // The recorded message, then a disabling one that ends the run where it can be seen.
      fixture.google.enqueue(
        Self.streamPath,
        Self.stream(#"{ "latestTemplateVersionNumber": 1 }"# + #"{ "featureDisabled": true }"#))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      #expect(await events.next() == .stopped(.featureDisabled))
      #expect(fixture.google.requests(to: Self.fetchPath).count == 1)
    }
  }

  @Test(
    "featureDisabled stops the updater with nothing fetched, as a Boolean or iOS's string",
    arguments: [
      // Android's realtime_stream_listen_and_failsafe_enabled.
      #"{ "featureDisabled": true }"#,
      // iOS's testRealtimeDisabled dictionary, serialized.
      #"{"featureDisabled":"true","latestTemplateVersionNumber":"1"}"#,
    ])
  func featureDisabled(message: String) async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      fixture.google.enqueue(Self.streamPath, Self.stream(message))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      #expect(await events.next() == .stopped(.featureDisabled))
      #expect(fixture.google.requests(to: Self.fetchPath).count == 1)
    }
  }

  @Test("retryIntervalSeconds holds the next connection back that long, without a failure")
  func retryInterval() async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      fixture.google.enqueue(
        Self.streamPath,
        Self.stream(#"{ "latestTemplateVersionNumber": 1, "retryIntervalSeconds": 30 }"#))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      #expect(await events.next() == .disconnected(nil, retryingAfter: .seconds(30)))
    }
  }

  @Test("DERIVED: a chunk ending one message and holding the next (iOS's '} {') reads both")
  func chunkedMessages() async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      let stream = LoopbackStream()
      fixture.google.enqueue(Self.streamPath, .stream(stream))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      stream.send(#"[{"latestTemplateVersionNumber": "1""#)
      stream.send(#"} {"latestTemplateVersionNumber": "2"}"#)
      #expect(await events.next() == .fetched(versionNumber: 2))
      stream.close()
    }
  }

  /// A stream message of firebase-js-sdk's `realtime_handler.test.ts` (`handleNotifications`),
  /// byte for byte as that test streams it (one chunk, no line end, then the stream ends), and
  /// what the test expects of it, as this updater says it: the events after `.connected`, the
  /// wait before connecting again once the stream ends (nil: the backoff's, not the message's),
  /// and the fetches made (`X-Firebase-RC-Fetch-Type`) with versions up to `published` on the
  /// server.
  struct JavaScriptMessage: Sendable, CustomTestStringConvertible {
    let bytes: String
    let published: Int
    let events: [RealtimeEvent]
    let reconnectsAfter: Duration?
    let fetchTypes: [String?]
    /// What Google's test expects, for the report of a failure.
    let google: String
    var testDescription: String { bytes }
  }

  @Test(
    "each stream message of the JavaScript SDK's realtime handler test does what that test expects",
    arguments: [
      JavaScriptMessage(
        bytes: #"{"retryIntervalSeconds": 60}"#, published: 2, events: [],
        reconnectsAfter: .seconds(60), fetchTypes: ["BASE/1"],
        google: "updateBackoffMetadataWithRetryInterval(60): connect again 60 s later"),
      JavaScriptMessage(
        bytes: "{invalid_json}", published: 2,
        events: [
          .messageRejected(
            "real-time message: not JSON: line 1, column 2: expected a string key, found 'i'")
        ],
        reconnectsAfter: nil, fetchTypes: ["BASE/1"],
        google: "CONFIG_UPDATE_MESSAGE_INVALID to the listeners, and the stream is still read"),
      JavaScriptMessage(
        bytes: #"{"latestTemplateVersionNumber": 10}"#, published: 10,
        events: [.fetched(versionNumber: 10)], reconnectsAfter: nil,
        fetchTypes: ["BASE/1", "REALTIME/1"],
        google: "a version newer than the active one is fetched (fetchLatestConfig, attempt 1)"),
    ])
  func javaScriptMessages(_ message: JavaScriptMessage) async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture, published: message.published)
      fixture.google.enqueue(Self.streamPath, Self.stream(message.bytes))
      var events = setup.updater.events().makeAsyncIterator()
      #expect(await events.next() == .connected)
      var seen: [RealtimeEvent] = []
      for _ in message.events {
        guard let event = await events.next() else { break }
        seen.append(event)
      }
      #expect(seen == message.events, "Google's test expects: \(message.google)")
      // Then the stream's end: the updater goes on, to connect again.
      let end = await events.next()
      guard case .disconnected(nil, let delay) = end else {
        Issue.record("expected the updater to connect again, got \(String(describing: end))")
        return
      }
      if let expected = message.reconnectsAfter { #expect(delay == expected) }
      let types = fixture.google.requests(to: Self.fetchPath).map {
        $0.header("X-Firebase-RC-Fetch-Type")
      }
      #expect(types == message.fetchTypes)
    }
  }

  @Test(
    "a version announced once nobody listens is not fetched: the stream is closed (the JavaScript test's listeners gone)"
  )
  func nobodyListening() async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture, published: 10)
      let stream = LoopbackStream()
      fixture.google.enqueue(Self.streamPath, .stream(stream))
      do {
        var events = setup.updater.events().makeAsyncIterator()
        #expect(await events.next() == .connected)
      }
      stream.send(#"{"latestTemplateVersionNumber": 10}"#)
      await stream.waitUntilEnded()
      #expect(fixture.google.requests(to: Self.fetchPath).count == 1)
    }
  }

  @Test(
    "the stream's refusals retry as the JavaScript SDK's isStatusCodeRetryable says, and stop otherwise",
    arguments: [(408, true), (429, true), (502, true), (503, true), (504, true)]
      + [(304, false), (400, false), (401, false), (403, false)])
  func streamStatuses(status: Int, retries: Bool) async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      fixture.google.enqueue(Self.streamPath, Self.stream("{}", status: status))
      var events = setup.updater.events().makeAsyncIterator()
      let event = await events.next()
      if retries {
        guard case .disconnected(let error?, _) = event else {
          Issue.record("expected a reconnection, got \(String(describing: event))")
          return
        }
        #expect(error.isRetryable)
      } else {
        guard case .stopped(.rejected(let error)) = event else {
          Issue.record("expected a stop, got \(String(describing: event))")
          return
        }
        #expect(!error.isRetryable)
      }
    }
  }

  @Test("Android's multi-line 403 stops the updater with Google's message and status")
  func forbidden() async throws {
    try await Fixture.with { fixture in
      let setup = try await RealtimeSetup(fixture)
      fixture.google.enqueue(
        Self.streamPath,
        try GoogleRecorded.response("android_realtime_403_forbidden.txt", status: 403))
      let error = try #require(await setup.updater.serviceRefusal())
      #expect(error.httpStatus == 403)
      #expect(error.status == "PERMISSION_DENIED")
      #expect(error.reason == "SERVICE_DISABLED")
      #expect(
        error.message.hasPrefix(
          "Firebase Remote Config Realtime API has not been used in project 14368190084 before"
            + " or it is disabled."))
    }
  }
}
