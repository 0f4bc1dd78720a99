import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// Secrets never show: not in a provider's description, debug description or dump, not in
/// an error, even when a server quotes the request back.
@Suite("Credentials redaction")
struct CredentialsRedactionTests {
  /// Every way a value is commonly printed.
  static func renderings(_ value: Any) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), dumped, "\(value)"]
  }

  /// Records every failure of `body` for a check of its message.
  static func error(_ body: () async throws -> Void) async -> CredentialsError? {
    do {
      try await body()
      return nil
    } catch let error as CredentialsError {
      return error
    } catch {
      Issue.record("unexpected \(error)")
      return nil
    }
  }

  @Test("no provider, cache or error shows a token, refresh token, client secret, key or assertion")
  func nothingShowsASecret() async throws {
    let directory = try TemporaryDirectory()
    let google = try FakeGoogle()
    defer { google.stop() }
    let metadata = try google.startMetadataServer()
    let time = ManualTimeSource(now: TestTime.start)
    let pem = try CredentialsFixtures.privateKeyPEM()

    // A server that quotes every request body back in its error, as a careless proxy might.
    let echo = try LoopbackHTTPServer()
    defer { echo.stop() }
    let assertions = LockedState<[String]>([])
    echo.handle("/token") { request in
      if let assertion = CredentialsFixtures.formFields(request.bodyText)["assertion"] {
        assertions.withLock { $0.append(assertion) }
      }
      let quoted = request.bodyText.replacingOccurrences(of: "\"", with: "'")
      return .oauthError(error: "invalid_grant", description: "Bad request: \(quoted)")
    }

    let userPath = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    let user = try AuthorizedUserCredentials(
      contentsOfFile: userPath,
      environment: ["SWITCHYARD_OAUTH_TOKEN_URL": google.tokenURL.absoluteString],
      timeSource: time)
    google.register(
      FakeAuthorizedUser(
        clientID: CredentialsFixtures.clientID, clientSecret: CredentialsFixtures.clientSecret,
        refreshToken: CredentialsFixtures.refreshToken))
    let account = try ServiceAccountCredentials(
      contentsOfFile: try google.writeKeyFile(try FakeServiceAccount.fixture(), in: directory),
      timeSource: time)
    let fixed = try FixedTokenCredentials(token: CredentialsFixtures.accessToken)
    let machine = try MetadataServerCredentials(host: metadata.host, timeSource: time)
    let discovered = try await ApplicationDefaultCredentials.discover(
      environment: [
        "GOOGLE_APPLICATION_CREDENTIALS": userPath,
        "SWITCHYARD_OAUTH_TOKEN_URL": google.tokenURL.absoluteString,
      ],
      timeSource: time)

    let providers: [any AccessTokenProvider] = [user, account, fixed, machine, discovered]
    var tokens = [CredentialsFixtures.accessToken]
    for provider in providers {
      tokens.append(try await provider.accessToken().value)
    }
    #expect(google.issuedAccessTokens.count == 4)

    var errors: [CredentialsError] = []
    let echoingUser = try AuthorizedUserCredentials(
      contentsOfFile: userPath,
      environment: ["SWITCHYARD_OAUTH_TOKEN_URL": echo.url("/token").absoluteString],
      timeSource: time)
    let echoingAccount = try ServiceAccountCredentials(
      contentsOfFile: try CredentialsFixtures.writeServiceAccount(
        to: directory, name: "echo-key.json", tokenURI: echo.url("/token").absoluteString),
      timeSource: time)
    for body in [
      { _ = try await echoingUser.accessToken() },
      { _ = try await echoingAccount.accessToken() },
      { _ = try FixedTokenCredentials(token: CredentialsFixtures.accessToken + " ") },
      {
        _ = try FixedTokenCredentials(environment: [
          "GOOGLE_OAUTH_ACCESS_TOKEN": CredentialsFixtures.accessToken + "\n"
        ])
      },
      {
        _ = try await ApplicationDefaultCredentials.discover(
          environment: ["GOOGLE_OAUTH_ACCESS_TOKEN": "\(CredentialsFixtures.accessToken) x"],
          timeSource: time)
      },
    ] as [() async throws -> Void] {
      errors += [await Self.error(body)].compactMap { $0 }
    }
    #expect(errors.count == 5)
    let recorded = assertions.withLock { $0 }
    #expect(recorded.count == 1)

    // The PEM's body lines, any one of which would be a leak.
    let keyLines = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
    let secrets =
      [CredentialsFixtures.refreshToken, CredentialsFixtures.clientSecret]
      + [FormURLEncoding.encode(CredentialsFixtures.refreshToken)] + tokens + keyLines + recorded
    var shown: [String] = []
    for provider in providers { shown += Self.renderings(provider) }
    shown += Self.renderings(errors)
    shown += errors.map(\.message)
    for secret in secrets {
      for text in shown {
        #expect(!text.contains(secret), "a secret shows in: \(text.prefix(200))")
      }
    }
    // The echoed errors did arrive, redacted.
    #expect(errors[0].message.contains("refresh_token=<redacted>"))
    #expect(errors[1].message.contains("assertion=<redacted>"))
  }

  @Test("the token cache and the secret holder show nothing of what they hold")
  func internals() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let cache = TokenCache(time: time) { () async throws(CredentialsError) -> AccessToken in
      AccessToken(value: CredentialsFixtures.accessToken, expiresAt: nil)
    }
    _ = try await cache.token()
    let secret = SecretText(CredentialsFixtures.refreshToken)
    let grant = TokenEndpoint.Grant.refreshToken(
      clientID: "id", clientSecret: SecretText(CredentialsFixtures.clientSecret),
      refreshToken: secret)
    for text in Self.renderings(cache) + Self.renderings(secret) + Self.renderings(grant) {
      #expect(!text.contains(CredentialsFixtures.accessToken))
      #expect(!text.contains(CredentialsFixtures.refreshToken))
      #expect(!text.contains(CredentialsFixtures.clientSecret))
    }
  }
}
