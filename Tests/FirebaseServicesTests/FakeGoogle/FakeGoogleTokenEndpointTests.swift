import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

@Suite("FakeGoogle token endpoint")
struct FakeGoogleTokenEndpointTests {
  typealias Calls = FakeGoogleCalls

  @Test("a JWT that ServiceAccountJWT signs with the key file's key is exchanged for a token")
  func acceptsServiceAccountJWT() async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let key = try Calls.fixtureKey(google, in: directory)
      #expect(key.tokenURI == google.tokenURL)
      let jwt = try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
      let response = try await Calls.exchange(jwt, at: google)
      #expect(response.status == 200)
      let body = try Calls.object(response)
      #expect(body["access_token"] == "ya29.fake-1")
      #expect(body["expires_in"] == 3599)
      #expect(body["token_type"] == "Bearer")
      #expect(google.issuedAccessTokens == ["ya29.fake-1"])
      #expect(google.requests(to: .token).count == 1)
    }
  }

  @Test("expires_in follows tokenLifetime, and every exchange issues a new token")
  func lifetimeAndCounting() async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      google.tokenLifetime = 120
      let first = try await Calls.accessToken(google, in: directory)
      let key = try Calls.fixtureKey(google, in: directory)
      let jwt = try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
      let second = try Calls.object(try await Calls.exchange(jwt, at: google))
      #expect(first == "ya29.fake-1")
      #expect(second["access_token"] == "ya29.fake-2")
      #expect(second["expires_in"] == 120)
    }
  }

  /// A refusal: the test's name, how to spoil the exchange, and what Google answers.
  struct Refusal: Sendable, CustomStringConvertible {
    let description: String
    let error: String
    let errorDescription: String
    let makeJWT: @Sendable (FakeGoogle, TemporaryDirectory) async throws -> String
  }

  static let signatureRefused = "Invalid JWT Signature."
  static let timesRefused =
    "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable "
    + "timeframe. Check your iat and exp values in the JWT claim."

  static let refusals: [Refusal] = [
    Refusal(
      description: "a tampered signature", error: "invalid_grant",
      errorDescription: signatureRefused
    ) { google, directory in
      let key = try Calls.fixtureKey(google, in: directory)
      var jwt = Array(try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey))
      // A character in the middle of the signature: every bit there is signature, not padding.
      let index = jwt.count - 100
      jwt[index] = jwt[index] == "A" ? "B" : "A"
      return String(jwt)
    },
    Refusal(
      description: "another key than the registered one", error: "invalid_grant",
      errorDescription: signatureRefused
    ) { google, directory in
      _ = try Calls.fixtureKey(google, in: directory)
      let path = try google.writeKeyFile(
        try FakeServiceAccount.fixture(bits: 4096), in: directory, name: "rotated.json",
        registering: false)
      let key = try ServiceAccountKey(contentsOfFile: path)
      return try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
    },
    Refusal(
      description: "a kid that is not the key's id", error: "invalid_grant",
      errorDescription: signatureRefused
    ) { google, directory in
      _ = try Calls.fixtureKey(google, in: directory)
      var account = try FakeServiceAccount.fixture()
      account.privateKeyID = "0000000000000000000000000000000000000000"
      let path = try google.writeKeyFile(
        account, in: directory, name: "other-kid.json", registering: false)
      let key = try ServiceAccountKey(contentsOfFile: path)
      return try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
    },
    Refusal(
      description: "an account the endpoint does not know", error: "invalid_grant",
      errorDescription: "Invalid grant: account not found"
    ) { google, directory in
      let path = try google.writeKeyFile(
        try FakeServiceAccount.fixture(), in: directory, registering: false)
      let key = try ServiceAccountKey(contentsOfFile: path)
      return try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
    },
    Refusal(
      description: "aud naming Google's endpoint instead of the key file's token_uri",
      error: "invalid_grant", errorDescription: "Invalid JWT: Failed audience check."
    ) { google, directory in
      _ = try Calls.fixtureKey(google, in: directory)
      // The committed fixture names https://oauth2.googleapis.com/token.
      let key = try ServiceAccountKey(contentsOfFile: CryptoFixtures.path("service-account.json"))
      return try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
    },
    Refusal(
      description: "a JWT that expired an hour ago", error: "invalid_grant",
      errorDescription: timesRefused
    ) { google, directory in
      let key = try Calls.fixtureKey(google, in: directory)
      let jwt = try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
      google.advance(by: 7200)
      return jwt
    },
    Refusal(
      description: "a clock ten minutes fast", error: "invalid_grant",
      errorDescription: timesRefused
    ) { google, directory in
      let key = try Calls.fixtureKey(google, in: directory)
      return try ServiceAccountJWT(key: key, now: google.now.addingTimeInterval(600))
        .signed(with: key.privateKey)
    },
    Refusal(
      description: "no scope", error: "invalid_scope",
      errorDescription: "Invalid OAuth scope or ID token audience provided."
    ) { google, directory in
      let key = try Calls.fixtureKey(google, in: directory)
      return try ServiceAccountJWT(key: key, scopes: [], now: google.now)
        .signed(with: key.privateKey)
    },
  ]

  @Test("a spoiled JWT is refused with Google's error and no token", arguments: refusals)
  func refuses(_ refusal: Refusal) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let jwt = try await refusal.makeJWT(google, directory)
      let response = try await Calls.exchange(jwt, at: google)
      #expect(response.status == 400)
      let error = try Calls.oauthError(response)
      #expect(error.error == refusal.error)
      #expect(error.description == refusal.errorDescription)
      #expect(google.issuedAccessTokens.isEmpty)
    }
  }

  /// Header and claims written by hand, each wrong in one way, and the description expected.
  static let handMade: [(header: String, claims: @Sendable (Int) -> String, description: String)] =
    [
      (
        #"{"typ":"JWT","alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        { now in claims(iat: "\(now)", exp: "\(now + 3601)") }, timesRefused
      ),
      (
        #"{"typ":"JWT","alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        { now in claims(iat: "\(now).5", exp: "\(now + 3600)") }, timesRefused
      ),
      (
        #"{"typ":"JWT","alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        { now in claims(iat: "\"\(now)\"", exp: "\(now + 3600)") }, timesRefused
      ),
      (
        #"{"typ":"JWT","alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        { now in claims(iat: "\(now)", exp: "\(now)") }, timesRefused
      ),
      (
        #"{"typ":"JWT","alg":"HS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        { now in claims(iat: "\(now)", exp: "\(now + 3600)") },
        "Invalid JWT: the header must say alg RS256 and typ JWT."
      ),
      (
        #"{"alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        { now in claims(iat: "\(now)", exp: "\(now + 3600)") },
        "Invalid JWT: the header must say alg RS256 and typ JWT."
      ),
    ]

  static func claims(iat: String, exp: String) -> String {
    #"{"iss":"switchyard-test@switchyard-fixtures.iam.gserviceaccount.com","#
      + #""scope":"https://www.googleapis.com/auth/cloud-platform","aud":"AUD","#
      + #""iat":\#(iat),"exp":\#(exp)}"#
  }

  @Test(
    "a JWT living over an hour, with fractional or quoted times, or another algorithm is refused",
    arguments: handMade.indices)
  func refusesHandMade(_ index: Int) async throws {
    let (header, claims, description) = Self.handMade[index]
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let key = try Calls.fixtureKey(google, in: directory)
      let now = Int(google.now.timeIntervalSince1970)
      let text = claims(now).replacingOccurrences(of: "AUD", with: google.tokenURL.absoluteString)
      // The same header and claims with good times are accepted: only the flaw is refused.
      let good = try Calls.jwt(
        header: #"{"typ":"JWT","alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#,
        claims: Self.claims(iat: "\(now)", exp: "\(now + 3600)")
          .replacingOccurrences(of: "AUD", with: google.tokenURL.absoluteString),
        key: key.privateKey)
      #expect(try await Calls.exchange(good, at: google).status == 200)
      let jwt = try Calls.jwt(header: header, claims: text, key: key.privateKey)
      let response = try await Calls.exchange(jwt, at: google)
      #expect(response.status == 400)
      #expect(try Calls.oauthError(response).description == description)
    }
  }

  @Test(
    "an assertion that is not three unpadded base64url segments is refused",
    arguments: ["", "abc", "a.b", "a.b.c.d", "eyJ9.eyJ9.x=", "eyJ+.eyJ9.eyJ9"])
  func refusesMalformed(_ assertion: String) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      _ = try Calls.fixtureKey(google, in: directory)
      let response = try await Calls.exchange(assertion, at: google)
      #expect(response.status == 400)
      let error = try Calls.oauthError(response)
      #expect(error.error == (assertion.isEmpty ? "invalid_request" : "invalid_grant"))
    }
  }

  @Test("a registered user's refresh token is exchanged; an unknown one is expired or revoked")
  func refreshTokenGrant() async throws {
    try await FakeGoogle.with { google in
      let user = FakeAuthorizedUser(quotaProjectID: "quota-project")
      google.register(user)
      func refresh(_ token: String, secret: String = user.clientSecret) async throws
        -> HTTPResponse
      {
        try await Calls.postForm(
          [
            ("grant_type", "refresh_token"), ("client_id", user.clientID),
            ("client_secret", secret), ("refresh_token", token),
          ], to: google.tokenURL)
      }
      let accepted = try await refresh(user.refreshToken)
      #expect(accepted.status == 200)
      #expect(try Calls.object(accepted)["access_token"] == "ya29.fake-1")
      let unknown = try await refresh("1//another")
      #expect(unknown.status == 400)
      #expect(
        try Calls.oauthError(unknown) == ("invalid_grant", "Token has been expired or revoked."))
      let wrongSecret = try await refresh(user.refreshToken, secret: "guess")
      #expect(wrongSecret.status == 401)
      #expect(try Calls.oauthError(wrongSecret).error == "invalid_client")
      google.unregister(user)
      #expect(try await refresh(user.refreshToken).status == 400)
    }
  }

  @Test("the form must be form-encoded, with a grant type the endpoint knows")
  func protocolErrors() async throws {
    try await FakeGoogle.with { google in
      let json = try await Calls.send(
        google.tokenURL, method: "POST",
        headers: [(name: "Content-Type", value: "application/json")],
        body: Array(#"{"grant_type":"refresh_token"}"#.utf8))
      #expect(try Calls.oauthError(json).error == "invalid_request")
      let unknown = try await Calls.postForm([("grant_type", "password")], to: google.tokenURL)
      #expect(
        try Calls.oauthError(unknown) == ("unsupported_grant_type", "Invalid grant_type: password"))
      let missing = try await Calls.postForm([("grant_type", "refresh_token")], to: google.tokenURL)
      #expect(
        try Calls.oauthError(missing) == (
          "invalid_request", "Missing required parameter: refresh_token"
        ))
    }
  }

  @Test("scripted answers come first, in order, then the endpoint answers for itself again")
  func scriptedFailures() async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      google.enqueue(
        .token, .status(500), .oauthError(error: "invalid_grant", description: "scripted"))
      let key = try Calls.fixtureKey(google, in: directory)
      let jwt = try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
      #expect(try await Calls.exchange(jwt, at: google).status == 500)
      let scripted = try await Calls.exchange(jwt, at: google)
      #expect(try Calls.oauthError(scripted) == ("invalid_grant", "scripted"))
      #expect(try await Calls.exchange(jwt, at: google).status == 200)
      #expect(google.requests(to: .token).count == 3)
    }
  }

  @Test("a stalled answer holds the request until the client's own deadline ends it")
  func stall() async throws {
    try await FakeGoogle.with { google in
      google.enqueue(.token, .stall)
      let time = ManualTimeSource(now: TestTime.start)
      let request = HTTPRequest(method: "POST", url: google.tokenURL, body: [])
      let call = Task {
        try await HTTPClient(time: time).send(request, timeout: .seconds(5), maximumBodyBytes: 1024)
      }
      _ = await google.server.waitForRequests(count: 1)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(6))
      await #expect(throws: HTTPError.timeout) { try await call.value }
    }
  }
}
