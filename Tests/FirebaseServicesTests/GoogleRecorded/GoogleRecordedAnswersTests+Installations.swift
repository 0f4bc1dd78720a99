@testable import ConfigClient
import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// Firebase Installations' recorded answers: registrations, new auth tokens and refusals.
extension GoogleRecordedAnswersTests {
  /// A recorded registration answer and the installation Google's SDKs keep from it.
  struct Registration: Sendable, CustomStringConvertible {
    let file: String
    /// iOS's fixtures are answers to its `201 Created`; JavaScript's to a 200.
    let status: Int
    /// The FID kept: the answer's (Android `response.getFid()`, JavaScript
    /// `responseValue.fid || fid`), or the one sent when the answer has none.
    let fid: String
    let refreshToken: String
    let authToken: String

    var description: String { file }
  }

  static let registrations = [
    Registration(
      file: "ios_APIRegisterInstallationResponseSuccess.json", status: 201,
      fid: "aaaaaaaaaaaaaaaaaaaaaa", refreshToken: "aaaaaaabbbbbbbbcccccccccdddddddd00000000",
      authToken: "aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc"),
    Registration(
      file: "ios_APIRegisterInstallationResponseSuccessNoFID.json", status: 201,
      fid: Fixture.fid(1), refreshToken: "aaaaaaabbbbbbbbcccccccccdddddddd00000000",
      authToken: "aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc"),
    Registration(
      file: "js_create_response.json", status: 200, fid: "FIDPLACEHOLDER",
      refreshToken: "refreshToken",
      authToken: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"),
  ]

  @Test(
    "a registration's FID replaces the one sent, is fetched with, and is restored after a restart",
    arguments: registrations)
  func registration(_ recorded: Registration) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(
        Self.registrationPath, try GoogleRecorded.response(recorded.file, status: recorded.status))
      fixture.google.enqueue(Self.fetchPath, try GoogleRecorded.response("js_update.json"))
      let store = InMemoryConfigStore()
      let client = fixture.client(fixture.app(), store: store)
      try await client.fetchAndActivate()
      #expect(client.snapshot["color"].rawValue == "sparkling")
      let fetch = try #require(fixture.google.requests(to: Self.fetchPath).last)
      #expect(fetch.header("X-Goog-Firebase-Installations-Auth") == recorded.authToken)
      #expect(try JSONParser().parse(fetch.body)["appInstanceId"]?.stringValue == recorded.fid)

      // A restarted app: the installation comes back from the state file, nothing registers.
      fixture.google.enqueue(Self.fetchPath, try GoogleRecorded.response("js_NO_CHANGE.json"))
      let restarted = fixture.client(fixture.app(), store: store)
      _ = await restarted.restore()
      #expect(try await restarted.fetch(ignoringMinimumInterval: true) == .notModified)
      let again = try #require(fixture.google.requests(to: Self.fetchPath).last)
      #expect(try JSONParser().parse(again.body)["appInstanceId"]?.stringValue == recorded.fid)
      #expect(fixture.google.requests(to: Self.registrationPath).count == 1)

      // Its auth token is renewed under its own FID, encoded as a path segment.
      fixture.advance(by: 604_800)
      fixture.google.enqueue(
        .authToken(project: Fixture.projectNumber, fid: recorded.fid),
        try GoogleRecorded.response("js_generate_token_response.json"))
      fixture.google.enqueue(Self.fetchPath, try GoogleRecorded.response("js_NO_CHANGE.json"))
      _ = try await restarted.fetch(ignoringMinimumInterval: true)
      let renewal = try #require(fixture.google.authTokenRequests(project: Fixture.project).last)
      #expect(
        renewal.path
          == "/v1/projects/\(Fixture.projectNumber)/installations/\(recorded.fid)/authTokens:generate"
      )
      #expect(renewal.header("Authorization") == "FIS_v2 \(recorded.refreshToken)")
    }
  }

  /// New installations registered by the fake, whose auth token has expired since, with the
  /// next token request answered by `answer`.
  static func expiredInstallation(
    _ fixture: Fixture, answeredWith answer: LoopbackResponse
  ) async throws -> (FirebaseInstallations, FirebaseInstallation) {
    let installations = fixture.installations()
    let first = try await installations.currentInstallation(timeout: .seconds(30))
    fixture.advance(by: 604_800)
    fixture.google.enqueue(.authToken(project: Fixture.projectNumber, fid: first.fid), answer)
    return (installations, first)
  }

  @Test(
    "a new auth token is kept with the lifetime its expiresIn gives",
    arguments: [
      (
        "ios_APIGenerateTokenResponseSuccess.json",
        "aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc", 3_987_465.0
      ),
      (
        "js_generate_token_response.json",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", 604_800
      ),
    ])
  func authToken(file: String, token: String, lifetime: TimeInterval) async throws {
    try await Fixture.with { fixture in
      let (installations, first) = try await Self.expiredInstallation(
        fixture, answeredWith: try GoogleRecorded.response(file))
      let renewed = try await installations.currentInstallation(timeout: .seconds(30))
      #expect(renewed.fid == first.fid)
      #expect(renewed.authToken == token)
      #expect(renewed.authTokenExpiresAt == fixture.time.now.addingTimeInterval(lifetime))
    }
  }

  @Test("an invalid refresh token (401) forgets the installation and registers a new one")
  func invalidRefreshToken() async throws {
    try await Fixture.with { fixture in
      let (installations, first) = try await Self.expiredInstallation(
        fixture,
        answeredWith: try GoogleRecorded.response(
          "ios_APIGenerateTokenResponseInvalidRefreshToken.json", status: 401))
      let again = try await installations.currentInstallation(timeout: .seconds(30))
      #expect(again.fid == Fixture.fid(2))
      #expect(again.fid != first.fid)
      #expect(fixture.google.registeredInstallations.contains(Fixture.fid(2)))
    }
  }

  @Test("a 409 to a registration registers once more with a new FID")
  func conflict() async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(
        Self.registrationPath, try GoogleRecorded.response("js_error_409.json", status: 409))
      let id = try await fixture.installations().installationID()
      #expect(id == Fixture.fid(2))
      #expect(fixture.google.requests(to: Self.registrationPath).count == 2)
    }
  }

  @Test("a 500 to a registration is tried again at once, with its error's message kept if not")
  func serverError() async throws {
    try await Fixture.with { fixture in
      let error = try GoogleRecorded.response("js_error_500.json", status: 500)
      fixture.google.enqueue(Self.registrationPath, error)
      #expect(try await fixture.installations().installationID() == Fixture.fid(1))
      #expect(fixture.google.requests(to: Self.registrationPath).count == 2)

      fixture.google.enqueue(Self.registrationPath, error, error)
      let installations = fixture.installations()
      do throws(FirebaseInstallationsError) {
        _ = try await installations.installationID()
        Issue.record("expected the server's error")
      } catch {
        guard case .unavailable(let google, _) = error else {
          Issue.record("expected .unavailable, got \(error)")
          return
        }
        #expect(google.httpStatus == 500)
        #expect(google.status == "SERVER_ERROR")
        #expect(google.message == "Internal server error")
      }
    }
  }
}
