import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("AuthorizedUserCredentials")
struct AuthorizedUserCredentialsTests {
  @Test("the refresh token is traded with a form POST at SWITCHYARD_OAUTH_TOKEN_URL, without scope")
  func refreshGrant() async throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let counter = TokenCounter()
    server.serveTokens(counter: counter)
    let time = ManualTimeSource(now: TestTime.start)
    let credentials = try AuthorizedUserCredentials(
      contentsOfFile: path,
      environment: ["SWITCHYARD_OAUTH_TOKEN_URL": server.url("/token").absoluteString],
      timeSource: time)

    let token = try await credentials.accessToken()
    #expect(token == AccessToken(value: "token-1", expiresAt: TestTime.start + 3599))
    let request = try #require(server.requests.first)
    #expect(server.requests.count == 1)
    #expect(request.method == "POST")
    #expect(request.path == "/token")
    #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
    #expect(
      CredentialsFixtures.formFields(request.bodyText) == [
        "grant_type": "refresh_token", "client_id": CredentialsFixtures.clientID,
        "client_secret": CredentialsFixtures.clientSecret,
        "refresh_token": CredentialsFixtures.refreshToken,
      ])
    #expect(credentials.path == path)
    #expect(credentials.clientID == CredentialsFixtures.clientID)
    #expect(await credentials.projectID() == nil)
  }

  @Test("the token is cached, and refreshed at the endpoint once 5 minutes or less remain")
  func refreshAtMargin() async throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let counter = TokenCounter()
    server.serveTokens(counter: counter, expiresIn: 3600)
    let time = ManualTimeSource(now: TestTime.start)
    let credentials = try AuthorizedUserCredentials(
      contentsOfFile: path,
      environment: ["SWITCHYARD_OAUTH_TOKEN_URL": server.url("/token").absoluteString],
      timeSource: time)
    #expect(try await credentials.accessToken().value == "token-1")
    time.advance(by: .seconds(3600 - 301))
    #expect(try await credentials.accessToken().value == "token-1")
    #expect(server.requests.count == 1)
    time.advance(by: .seconds(1))
    #expect(try await credentials.accessToken().value == "token-2")
    #expect(server.requests.count == 2)
  }

  @Test("50 concurrent callers cause one request at the token endpoint")
  func concurrentCallers() async throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    let server = try LoopbackHTTPServer()
    let release = DispatchSemaphore(value: 0)
    defer {
      release.signal()
      server.stop()
    }
    let counter = TokenCounter()
    let requestArrived = SignalLatch()
    server.handle("/token") { _ in
      requestArrived.open()
      // Holds the answer until every caller has asked (a minute at most, so a failing test
      // cannot hang the server's stop).
      _ = release.wait(timeout: .now() + 60)
      return CredentialsFixtures.tokenAnswer("token-\(counter.next())")
    }
    let credentials = try AuthorizedUserCredentials(
      contentsOfFile: path,
      environment: ["SWITCHYARD_OAUTH_TOKEN_URL": server.url("/token").absoluteString],
      timeSource: ManualTimeSource(now: TestTime.start))
    let tokens = try await tokensFromConcurrentCallers(
      50, started: requestArrived, release: { release.signal() }
    ) {
      try await credentials.accessToken()
    }
    #expect(tokens.count == 50)
    #expect(Set(tokens) == ["token-1"])
    #expect(server.requests.count == 1)
  }

  @Test(
    "quota_project_id is the quota project; GOOGLE_CLOUD_QUOTA_PROJECT overrides it",
    arguments: [
      (nil, nil, nil), ("file-quota", nil, "file-quota"), (nil, "env-quota", "env-quota"),
      ("file-quota", "env-quota", "env-quota"), ("file-quota", "", "file-quota"),
    ] as [(String?, String?, String?)])
  func quotaProject(file: String?, variable: String?, expected: String?) throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory, quotaProjectID: file)
    var environment: [String: String] = [:]
    environment["GOOGLE_CLOUD_QUOTA_PROJECT"] = variable
    let credentials = try AuthorizedUserCredentials(
      contentsOfFile: path, environment: environment)
    #expect(credentials.quotaProjectID == expected)
  }

  @Test("without SWITCHYARD_OAUTH_TOKEN_URL (or with it empty) the endpoint is Google's")
  func googleEndpoint() throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    for environment in [[:], ["SWITCHYARD_OAUTH_TOKEN_URL": ""]] {
      let credentials = try AuthorizedUserCredentials(
        contentsOfFile: path, environment: environment)
      #expect(credentials.tokenURL.absoluteString == "https://oauth2.googleapis.com/token")
    }
  }

  @Test(
    "SWITCHYARD_OAUTH_TOKEN_URL must be https, or http to a loopback address",
    arguments: [
      ("https://oauth.example.com/token", true), ("http://127.0.0.1:8080/token", true),
      ("http://localhost/token", true), ("http://oauth.example.com/token", false),
      ("ftp://127.0.0.1/token", false), ("not a url", false), ("https:///token", false),
    ])
  func tokenURLRule(url: String, accepted: Bool) throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    let environment = ["SWITCHYARD_OAUTH_TOKEN_URL": url]
    if accepted {
      let credentials = try AuthorizedUserCredentials(
        contentsOfFile: path, environment: environment)
      #expect(credentials.tokenURL.absoluteString == url)
    } else {
      #expect {
        try AuthorizedUserCredentials(contentsOfFile: path, environment: environment)
      } throws: { error in
        guard let error = error as? CredentialsError else { return false }
        return error.kind == .invalidValue && error.message.contains("SWITCHYARD_OAUTH_TOKEN_URL")
          && error.message.contains(url)
      }
    }
  }

  @Test(
    "a file that is not a usable authorized_user file is an error naming the file and the problem",
    arguments: [
      ("missing refresh_token", "refresh_token: missing"),
      ("empty client_secret", "client_secret: empty"),
      ("numeric client_id", "client_id: expected a string, found a number"),
      ("service_account type", "type: is 'service_account', not 'authorized_user'"),
      ("no type", "type: missing"),
      ("quota project a list", "quota_project_id: expected a string, found an array"),
    ])
  func brokenFiles(change: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory) { object in
      switch change {
      case "missing refresh_token": object["refresh_token"] = nil
      case "empty client_secret": object["client_secret"] = ""
      case "numeric client_id": object["client_id"] = 42
      case "service_account type": object["type"] = "service_account"
      case "no type": object["type"] = nil
      default: object["quota_project_id"] = ["a"]
      }
    }
    #expect {
      try AuthorizedUserCredentials(contentsOfFile: path, environment: [:])
    } throws: { error in
      guard let error = error as? CredentialsError else { return false }
      return error.kind == .invalidFile && error.message.contains(path)
        && error.message.contains(problem)
    }
  }

  @Test(
    "a file that cannot be read or is not a JSON object is an error naming the file",
    arguments: [
      ("missing", "cannot be read (no such file)"),
      ("directory", "cannot be read (it is a directory)"),
      ("not JSON", "is not JSON: line 1, column 1"),
      ("array", "is not a JSON object (found an array)"),
      ("huge", "is larger than 65536 bytes"),
    ])
  func unreadableFiles(kind: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("adc.json")
    switch kind {
    case "missing": break
    case "directory":
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case "not JSON": try directory.write("adc.json", "client_id=x")
    case "array": try directory.write("adc.json", "[1]")
    default: try directory.write("adc.json", String(repeating: " ", count: 70_000) + "{}")
    }
    #expect {
      try AuthorizedUserCredentials(contentsOfFile: path, environment: [:])
    } throws: { error in
      guard let error = error as? CredentialsError else { return false }
      return error.kind == .invalidFile && error.message == "credentials file \(path): \(problem)"
        || error.message.hasPrefix("credentials file \(path): \(problem)")
    }
  }

  @Test("invalid_grant says the refresh token was revoked or the clock is off, and to log in again")
  func invalidGrant() async throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeAuthorizedUser(to: directory)
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.enqueue(
      at: "/token",
      LoopbackResponse(
        status: 400, headers: [(name: "Content-Type", value: "application/json")],
        body: .complete(
          Array(
            #"{"error":"invalid_grant","error_description":"Token has been expired or revoked."}"#
              .utf8))))
    let credentials = try AuthorizedUserCredentials(
      contentsOfFile: path,
      environment: ["SWITCHYARD_OAUTH_TOKEN_URL": server.url("/token").absoluteString],
      timeSource: ManualTimeSource(now: TestTime.start))
    let error = await #expect(throws: CredentialsError.self) { try await credentials.accessToken() }
    #expect(error?.kind == .refused)
    #expect(
      error?.message
        == "the token endpoint \(server.url("/token").absoluteString) refused the refresh token in "
        + "\(path) (HTTP 400): invalid_grant: Token has been expired or revoked. This usually "
        + "means the refresh token was revoked or has expired (a changed password, access "
        + "removed, a session limit), or this machine's clock is off: run `gcloud auth "
        + "application-default login` again, and check the clock.")
  }

  @Test(
    "Google's refusals of a user's refresh token say to log in again",
    arguments: [
      ("revoked", "invalid_grant: Token has been expired or revoked. This usually means"),
      ("wrong secret", "invalid_client: Unauthorized. The client_id or client_secret in"),
    ])
  func refusalsFromFakeGoogle(situation: String, said: String) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let user = FakeAuthorizedUser()
      let path = try google.writeKeyFile(user, in: directory)
      if situation == "revoked" {
        google.unregister(user)
      } else {
        var rotated = user
        rotated.clientSecret = "another-secret"
        google.register(rotated)
      }
      let credentials = try AuthorizedUserCredentials(
        contentsOfFile: path,
        environment: ["SWITCHYARD_OAUTH_TOKEN_URL": google.tokenURL.absoluteString],
        timeSource: ManualTimeSource(now: TestTime.start))
      let error = await #expect(throws: CredentialsError.self) {
        try await credentials.accessToken()
      }
      #expect(error?.kind == .refused)
      #expect(error?.message.contains(said) == true)
      #expect(error?.message.contains("gcloud auth application-default login") == true)
    }
  }

  @Test("Google's token endpoint (the fake) honours the file's refresh token")
  func acceptedByFakeGoogle() async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let path = try google.writeKeyFile(FakeAuthorizedUser(quotaProjectID: "quota"), in: directory)
      let credentials = try AuthorizedUserCredentials(
        contentsOfFile: path,
        environment: ["SWITCHYARD_OAUTH_TOKEN_URL": google.tokenURL.absoluteString],
        timeSource: ManualTimeSource(now: TestTime.start))
      #expect(try await credentials.accessToken().value == google.issuedAccessTokens.last)
      #expect(credentials.quotaProjectID == "quota")
    }
  }
}
