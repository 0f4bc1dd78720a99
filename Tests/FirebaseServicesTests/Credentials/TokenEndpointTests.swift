import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("TokenEndpoint")
struct TokenEndpointTests {
  static let requester = TokenEndpoint.Requester(
    subject: "the test grant", invalidGrantHint: "GRANT-HINT", invalidClientHint: "CLIENT-HINT")
  static let grant = TokenEndpoint.Grant.refreshToken(
    clientID: CredentialsFixtures.clientID,
    clientSecret: SecretText(CredentialsFixtures.clientSecret),
    refreshToken: SecretText(CredentialsFixtures.refreshToken))

  /// The error the endpoint gives for `answer`.
  static func error(for answer: LoopbackResponse) async throws -> CredentialsError? {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.enqueue(at: "/token", answer)
    let endpoint = TokenEndpoint(
      url: server.url("/token"), time: ManualTimeSource(now: TestTime.start))
    do {
      let token = try await endpoint.token(for: grant, requester: requester)
      Issue.record("expected an error, got \(token)")
      return nil
    } catch {
      return error
    }
  }

  static func answer(_ status: Int, _ body: String) -> LoopbackResponse {
    LoopbackResponse(status: status, body: .complete(Array(body.utf8)))
  }

  @Test(
    "a 5xx, 408 or 429, or an error Google calls temporary, means unreachable: try again later",
    arguments: [
      (500, #"{"error":"internal_failure"}"#), (503, "Service Unavailable"), (408, ""),
      (429, #"{"error":"rate_limit_exceeded"}"#), (400, #"{"error":"temporarily_unavailable"}"#),
      (400, #"{"error":"server_error","error_description":"Backend Error"}"#),
    ])
  func temporaryFailures(status: Int, body: String) async throws {
    let error = try #require(try await Self.error(for: Self.answer(status, body)))
    #expect(error.kind == .unreachable)
    #expect(error.message.contains("answered HTTP \(status)"))
    #expect(error.message.hasSuffix("try again later"))
  }

  @Test(
    "a refusal carries Google's error and description, with a hint for invalid_grant and invalid_client",
    arguments: [
      (
        400,
        #"{"error":"invalid_grant","error_description":"Invalid JWT: Token must be a short-lived token"}"#,
        "(HTTP 400): invalid_grant: Invalid JWT: Token must be a short-lived token. GRANT-HINT"
      ),
      (
        401, #"{"error":"invalid_client","error_description":"Unauthorized"}"#,
        "(HTTP 401): invalid_client: Unauthorized. CLIENT-HINT"
      ),
      (400, #"{"error":"unsupported_grant_type"}"#, "(HTTP 400): unsupported_grant_type."),
      (403, "<html>Forbidden</html>", "with HTTP 403 and no OAuth error in the body"),
    ])
  func refusals(status: Int, body: String, ending: String) async throws {
    let error = try #require(try await Self.error(for: Self.answer(status, body)))
    #expect(error.kind == .refused)
    #expect(error.message.hasPrefix("the token endpoint http://127.0.0.1:"))
    #expect(error.message.contains("/token refused the test grant"))
    #expect(error.message.hasSuffix(ending))
  }

  @Test(
    "a 200 without a usable token is refused, saying what was wrong",
    arguments: [
      ("[]", "a body that is not a JSON object"),
      (#"{"expires_in":3600}"#, #"no usable "access_token""#),
      (#"{"access_token":"","expires_in":3600}"#, #"no usable "access_token""#),
      (#"{"access_token":"abc"}"#, #"no usable "expires_in""#),
      (#"{"access_token":"abc","expires_in":-5}"#, #"no usable "expires_in""#),
      (#"{"access_token":"abc","expires_in":"soon"}"#, #"no usable "expires_in""#),
      (
        #"{"access_token":"a b\r\nX-Injected: 1","expires_in":3600}"#,
        "an access_token with spaces or control characters"
      ),
    ])
  func unusableAnswers(body: String, problem: String) async throws {
    let error = try #require(try await Self.error(for: .ok(body)))
    #expect(error.kind == .refused)
    #expect(error.message.contains("answered the test grant with \(problem), not an access token"))
  }

  @Test(
    "expires_in may be a number or a numeric string; an absurd one counts as a day",
    arguments: [("3599", 3599.0), (#""3599""#, 3599.0), ("1e300", 86_400.0), ("120.5", 120.5)])
  func expiresIn(value: String, seconds: TimeInterval) async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.enqueue(at: "/token", .ok(#"{"access_token":"abc","expires_in":\#(value)}"#))
    let endpoint = TokenEndpoint(
      url: server.url("/token"), time: ManualTimeSource(now: TestTime.start))
    let token = try await endpoint.token(for: Self.grant, requester: Self.requester)
    #expect(token == AccessToken(value: "abc", expiresAt: TestTime.start + seconds))
  }

  @Test("no answer within 30 seconds is unreachable")
  func timeout() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.enqueue(at: "/token", .stall)
    let time = ManualTimeSource(now: TestTime.start)
    let endpoint = TokenEndpoint(url: server.url("/token"), time: time)
    let outcome = Task { () async throws(CredentialsError) -> AccessToken in
      try await endpoint.token(for: Self.grant, requester: Self.requester)
    }
    await time.waitForSleepers(count: 1)
    time.advance(by: .seconds(30))
    let error = await #expect(throws: CredentialsError.self) { try await outcome.value }
    #expect(error?.kind == .unreachable)
    #expect(error?.message.hasSuffix("did not answer the test grant in time") == true)
  }

  @Test("a refused connection is unreachable")
  func refusedConnection() async throws {
    let closed = try ClosedLoopbackPort()
    let endpoint = TokenEndpoint(
      url: closed.url("/token"), time: ManualTimeSource(now: TestTime.start))
    let error = await #expect(throws: CredentialsError.self) {
      try await endpoint.token(for: Self.grant, requester: Self.requester)
    }
    #expect(error?.kind == .unreachable)
    #expect(error?.message.contains("could not be reached for the test grant") == true)
  }

  @Test("secrets a server quotes back in its error are redacted, raw or form-encoded")
  func echoedSecretsAreRedacted() async throws {
    let encoded = FormURLEncoding.encode(CredentialsFixtures.refreshToken)
    let body =
      #"{"error":"invalid_request","error_description":"bad refresh_token=\#(encoded) and client_secret=\#(CredentialsFixtures.clientSecret) and \#(CredentialsFixtures.refreshToken)"}"#
    let error = try #require(try await Self.error(for: Self.answer(400, body)))
    #expect(
      error.message.hasSuffix(
        "invalid_request: bad refresh_token=<redacted> and client_secret=<redacted> and <redacted>."
      ))
    #expect(!error.message.contains(CredentialsFixtures.clientSecret))
    #expect(!error.message.contains(CredentialsFixtures.refreshToken))
    #expect(!error.message.contains(encoded))
  }
}
