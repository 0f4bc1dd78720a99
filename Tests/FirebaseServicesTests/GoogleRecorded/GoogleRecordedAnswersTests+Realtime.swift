import Core
import FakeGoogle
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

/// The real-time stream's recorded messages and refusal, through a Firebase app's updater.
extension GoogleRecordedAnswersTests {
  /// An app whose client fetched version 1, with version 2 published since (announced to no
  /// stream), and an updater with no delay before fetching.
  struct RealtimeSetup {
    let client: RemoteConfigClient
    let updater: RealtimeUpdater

    init(_ fixture: Fixture) async throws {
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let app = fixture.app()
      client = fixture.client(app)
      try await client.fetchAndActivate()
      try fixture.google.publishTemplate(
        Fixture.template.replacingOccurrences(of: "\"3\"", with: "\"5\""),
        project: Fixture.project)
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
