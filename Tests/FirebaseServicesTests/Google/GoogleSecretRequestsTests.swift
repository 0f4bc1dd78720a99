@testable import ConfigClient
import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// HTTP knows no Google header: it guards a request as secret only when its caller marks it
/// or it has HTTP's own credential headers. So every request that carries an API key, an
/// installation token, a refresh token, a client secret or an access token must be marked
/// here, and each is refused before anything is sent when its endpoint is plain http to a
/// host that is not loopback (`.invalid` names, which resolve nowhere: a request the guard
/// let through would fail to connect instead, saying so).
@Suite("Google's requests that carry secrets", .timeLimit(.minutes(2)))
struct GoogleSecretRequestsTests {
  typealias Fixture = FirebaseAppFixture

  /// One request Switchyard makes to Google, and the plain-http host its endpoint is moved to.
  enum Call: String, CaseIterable, Sendable {
    /// Installations: registering an id (the API key).
    case installationsCreate
    /// Installations: a new auth token (the API key and the refresh token).
    case tokenGenerate
    /// The app fetch (the API key and the installation's auth token).
    case fetch
    /// The app's real-time stream (the API key and the installation's auth token).
    case realtimeStream
    /// The management API (an access token).
    case management
    /// The server template source, over the same API (an access token).
    case serverTemplate
    /// Google's token endpoint: a refresh-token grant (the refresh token and client secret,
    /// in the body only).
    case tokenEndpoint

    /// The host the call is sent to instead of Google's.
    var host: String { "\(rawValue.lowercased()).invalid" }
    var base: String { "http://\(host)" }
  }

  /// Every secret a call could carry, none of which may appear in its error.
  static let secrets = [
    Fixture.apiKey, TestCredentials.token, CredentialsFixtures.refreshToken,
    CredentialsFixtures.clientSecret, "installation-refresh-SECRET", "installation-auth-SECRET",
  ]

  /// What `call` throws (or answers as its failure), said as its own API says it.
  static func failure(of call: Call, _ fixture: Fixture) async throws -> String {
    let endpoint = try FirebaseEndpoint(base: call.base)
    var options = fixture.options
    switch call {
    case .installationsCreate, .tokenGenerate: options.installationsEndpoint = endpoint
    case .fetch, .management, .serverTemplate, .tokenEndpoint:
      options.remoteConfigEndpoint = endpoint
    case .realtimeStream: options.realtimeEndpoint = endpoint
    }
    // The fetch and the stream register at the fake (loopback, allowed) first.
    let installations = fixture.installations(options: options)
    switch call {
    case .installationsCreate:
      return try await Self.thrown {
        _ = try await installations.currentInstallation(timeout: .seconds(5))
      }
    case .tokenGenerate:
      let installation = FirebaseInstallation(
        fid: Fixture.fid(1), refreshToken: "installation-refresh-SECRET",
        authToken: "installation-auth-SECRET", authTokenExpiresAt: fixture.time.now,
        appID: Fixture.appID, projectID: Fixture.project)
      let answer = await FirebaseInstallationsAPI(options: options, time: fixture.time)
        .generateAuthToken(for: installation, timeout: .seconds(5))
      guard case .failed(let error) = answer else { return "no failure: \(answer)" }
      return "\(error)"
    case .fetch:
      let source = FirebaseAppTemplateSource(installations: installations, timeSource: fixture.time)
      return try await Self.thrown {
        _ = try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(5)))
      }
    case .realtimeStream:
      let app = FirebaseApp(installations: installations, timeSource: fixture.time)
      let transport = FirebaseRealtimeTransport(
        client: fixture.client(app), installations: installations, timeSource: fixture.time)
      return try await Self.thrown { _ = try await transport.connect() }
    case .management:
      let management = FirebaseManagementClient(
        projectID: Fixture.project, credentials: TestCredentials(), endpoint: endpoint,
        timeSource: fixture.time)
      return try await Self.thrown { _ = try await management.template() }
    case .serverTemplate:
      let source = FirebaseServerTemplateSource(
        projectID: Fixture.project, credentials: TestCredentials(), endpoint: endpoint,
        timeSource: fixture.time)
      return try await Self.thrown {
        _ = try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(5)))
      }
    case .tokenEndpoint:
      let tokens = TokenEndpoint(
        url: try #require(URL(string: call.base + "/token")), time: fixture.time)
      let grant = TokenEndpoint.Grant.refreshToken(
        clientID: CredentialsFixtures.clientID,
        clientSecret: SecretText(CredentialsFixtures.clientSecret),
        refreshToken: SecretText(CredentialsFixtures.refreshToken))
      let requester = TokenEndpoint.Requester(
        subject: "the test grant", invalidGrantHint: "", invalidClientHint: "")
      return try await Self.thrown { _ = try await tokens.token(for: grant, requester: requester) }
    }
  }

  /// The text of the error `body` throws, or a line saying it threw none.
  static func thrown(_ body: () async throws -> Void) async throws -> String {
    do {
      try await body()
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test(
    "a request carrying a secret to a plain-http host that is not loopback is refused before anything is sent",
    arguments: Call.allCases)
  func refusedOverPlainHTTP(_ call: Call) async throws {
    try await Fixture.with { fixture in
      let failure = try await Self.failure(of: call, fixture)
      // HTTPSecretRefusal's words, which a connection that failed would not say.
      #expect(
        failure.contains(
          "refused to send a request carrying a secret (a token or key) to \(call.base)"),
        "\(failure)")
      for secret in Self.secrets { #expect(!failure.contains(secret), "\(call)") }
    }
  }
}
