@testable import ConfigClient
@testable import ConfigEngine
import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// The app fetch's recorded answers, through a Firebase app's client.
extension GoogleRecordedAnswersTests {
  /// A recorded fetch answer and what Google's SDKs make of it.
  struct FetchAnswer: Sendable, CustomStringConvertible {
    /// The recorded file.
    let file: String
    /// The values the app then reads (source `remote`), every key Firebase sent.
    let values: [String: String]
    /// The template version the SDKs keep (`templateVersion`, a number or a string).
    let version: Int?
    /// The metadata members kept beside the values, as Google sent them.
    let metadata: [String]

    var description: String { file }
  }

  static let fetchAnswers = [
    // Android's ConfigFetchHttpClientTest: an update with an experiment and a rollout.
    FetchAnswer(
      file: "android_has_change.json",
      values: ["key_1": "value_1", "key2": "value_2", "key_emoji": "🇺🇳"], version: nil,
      metadata: ["experimentDescriptions", "rolloutMetadata"]),
    // The same with the flag written as JSON's surrogate pair escapes.
    FetchAnswer(
      file: "android_has_change_escaped.json",
      values: ["key_1": "value_1", "key2": "value_2", "key_emoji": "🇺🇳"], version: nil,
      metadata: ["experimentDescriptions", "rolloutMetadata"]),
    // The C++ desktop SDK's: indented, with an `appName` member no SDK reads.
    FetchAnswer(
      file: "cpp_rest_update.json",
      values: [
        "TestBoolean": "true", "TestData": "4321", "TestDouble": "625.63", "TestLong": "119",
        "TestString": "This is a string",
      ], version: nil, metadata: []),
    // JavaScript's: `templateVersion` as a JSON number.
    FetchAnswer(
      file: "js_update.json", values: ["color": "sparkling"], version: 1,
      metadata: ["experimentDescriptions", "rolloutMetadata"]),
    // Android's personalization answer: `templateVersion` as a string.
    FetchAnswer(
      file: "p13n_update.json", values: ["key1": "value1", "key2": "value2", "key3": "value3"],
      version: 3, metadata: ["personalizationMetadata"]),
  ]

  @Test(
    "an UPDATE answer is its values, its version and Firebase's metadata, as the SDKs keep them",
    arguments: fetchAnswers)
  func update(_ answer: FetchAnswer) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(
        Self.fetchPath, try GoogleRecorded.response(answer.file, headers: [("ETag", "etag-1")]))
      let client = fixture.client(fixture.app())
      let result = try await client.fetchAndActivate()
      #expect(result.fetch == .newTemplate(versionNumber: answer.version))
      let snapshot = client.snapshot
      #expect(Set(snapshot.keys) == Set(answer.values.keys))
      for (key, value) in answer.values {
        #expect(snapshot[key].rawValue == value, "\(key)")
        #expect(snapshot[key].source == .remote, "\(key)")
      }
      let template = try #require(snapshot.template).template
      let recorded = try Self.document(answer.file)
      for name in answer.metadata {
        #expect(template.otherMembers[name] == recorded[name], "\(name)")
        #expect(template.otherMembers[name] != nil, "\(name)")
      }
      #expect(await client.fetchedETag == "etag-1")
    }
  }

  /// A client of a new app that fetched and activated the fixture's template for a grade 2
  /// elementary user, with `defaults`.
  static func fetchedClient(
    _ fixture: Fixture, defaults: InAppDefaults = InAppDefaults()
  ) async throws -> RemoteConfigClient {
    try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
    let client = fixture.client(
      fixture.app(), defaults: defaults,
      context: EvaluationContext(customSignals: ["stage": "elementary", "year": 2]))
    try await client.fetchAndActivate()
    #expect(client.snapshot["limit"].rawValue == "3")
    return client
  }

  @Test(
    "EMPTY_CONFIG and NO_TEMPLATE clear the values: every key falls back to its default",
    arguments: ["js_EMPTY_CONFIG.json", "js_NO_TEMPLATE.json"])
  func emptied(file: String) async throws {
    try await Fixture.with { fixture in
      let client = try await Self.fetchedClient(fixture, defaults: InAppDefaults(["limit": "1"]))
      fixture.google.enqueue(Self.fetchPath, try GoogleRecorded.response(file))
      _ = try await client.fetch(ignoringMinimumInterval: true)
      #expect(await client.activate() == ["limit", "welcome"])
      #expect(client.snapshot.template?.keys == [])
      #expect(client.snapshot["limit"].rawValue == "1")
      #expect(client.snapshot["limit"].source == .default)
    }
  }

  @Test(
    "NO_CHANGE to a fetch that sent its ETag is not modified: the values stay",
    arguments: ["js_NO_CHANGE.json", "android_no_change.json"])
  func noChange(file: String) async throws {
    try await Fixture.with { fixture in
      let client = try await Self.fetchedClient(fixture)
      let etag = try #require(await client.fetchedETag)
      fixture.google.enqueue(Self.fetchPath, try GoogleRecorded.response(file))
      #expect(try await client.fetch(ignoringMinimumInterval: true) == .notModified)
      #expect(fixture.google.requests(to: Self.fetchPath).last?.header("If-None-Match") == etag)
      #expect(client.snapshot["limit"].rawValue == "3")
    }
  }

  @Test("INSTANCE_STATE_UNSPECIFIED is a server error, as JavaScript reads it: the values stay")
  func instanceStateUnspecified() async throws {
    try await Fixture.with { fixture in
      let client = try await Self.fetchedClient(fixture)
      fixture.google.enqueue(
        Self.fetchPath, try GoogleRecorded.response("js_INSTANCE_STATE_UNSPECIFIED.json"))
      do throws(FetchError) {
        _ = try await client.fetch(ignoringMinimumInterval: true)
        Issue.record("expected a service error")
      } catch {
        guard case .source(let source) = error,
          let google = source.underlying(as: GoogleAPIError.self)
        else {
          Issue.record("expected a service error, got \(error)")
          return
        }
        #expect(google.httpStatus == 500)
        #expect(google.status == "INSTANCE_STATE_UNSPECIFIED")
      }
      #expect(client.snapshot["limit"].rawValue == "3")
    }
  }
}
