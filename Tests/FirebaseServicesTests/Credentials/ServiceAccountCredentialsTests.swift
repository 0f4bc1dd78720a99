import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ServiceAccountCredentials")
struct ServiceAccountCredentialsTests {
  /// The header and claims of `jwt` after checking its RS256 signature with the fixture
  /// key's public key.
  static func verifiedClaims(_ jwt: String) throws -> (header: JSONObject, claims: JSONObject) {
    let segments = jwt.split(separator: ".", omittingEmptySubsequences: false)
    try #require(segments.count == 3)
    let publicKey = try #require(RSAPublicKey(privateKeyPEM: CredentialsFixtures.privateKeyPEM()))
    let signature = try ServiceAccountJWTTests.decodeSegment(segments[2])
    #expect(publicKey.isValidSignature(signature, for: Array("\(segments[0]).\(segments[1])".utf8)))
    let header = try #require(
      JSONParser().parse(ServiceAccountJWTTests.decodeSegment(segments[0])).objectValue)
    let claims = try #require(
      JSONParser().parse(ServiceAccountJWTTests.decodeSegment(segments[1])).objectValue)
    return (header, claims)
  }

  @Test("a JWT signed with the file's key is traded at the file's token_uri for a token")
  func jwtBearerGrant() async throws {
    let directory = try TemporaryDirectory()
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    let counter = TokenCounter()
    server.serveTokens(at: "/sa-token", counter: counter)
    let tokenURI = server.url("/sa-token").absoluteString
    let path = try CredentialsFixtures.writeServiceAccount(to: directory, tokenURI: tokenURI)
    let time = ManualTimeSource(now: TestTime.start)
    let credentials = try ServiceAccountCredentials(contentsOfFile: path, timeSource: time)

    #expect(
      try await credentials.accessToken()
        == AccessToken(value: "token-1", expiresAt: TestTime.start + 3599))
    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
    let fields = CredentialsFixtures.formFields(request.bodyText)
    #expect(fields.keys.sorted() == ["assertion", "grant_type"])
    #expect(fields["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer")
    let (header, claims) = try Self.verifiedClaims(try #require(fields["assertion"]))
    #expect(header["kid"] == .string(CredentialsFixtures.keyID))
    #expect(header["alg"] == "RS256")
    #expect(claims["iss"] == .string(CredentialsFixtures.clientEmail))
    #expect(claims["aud"] == .string(tokenURI))
    #expect(claims["scope"] == "https://www.googleapis.com/auth/cloud-platform")
    #expect(claims["iat"] == .number(JSONNumber(1_767_225_600)))
    #expect(claims["exp"] == .number(JSONNumber(1_767_229_200)))
    #expect(await credentials.projectID() == CredentialsFixtures.keyProjectID)
    #expect(credentials.quotaProjectID == nil)
    #expect(credentials.clientEmail == CredentialsFixtures.clientEmail)
    #expect(credentials.tokenURL.absoluteString == tokenURI)
  }

  @Test("each refresh signs a new JWT at the clock's time, 5 minutes before the token expires")
  func refreshSignsAgain() async throws {
    let directory = try TemporaryDirectory()
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.serveTokens(counter: TokenCounter(), expiresIn: 3600)
    let path = try CredentialsFixtures.writeServiceAccount(
      to: directory, tokenURI: server.url("/token").absoluteString)
    let time = ManualTimeSource(now: TestTime.start)
    let credentials = try ServiceAccountCredentials(contentsOfFile: path, timeSource: time)
    #expect(try await credentials.accessToken().value == "token-1")
    time.advance(by: .seconds(3300))
    #expect(try await credentials.accessToken().value == "token-2")
    let issued = try server.requests.map { request in
      let assertion = try #require(CredentialsFixtures.formFields(request.bodyText)["assertion"])
      return try Self.verifiedClaims(assertion).claims["iat"]
    }
    #expect(issued == [.number(JSONNumber(1_767_225_600)), .number(JSONNumber(1_767_228_900))])
  }

  @Test("a key file without project_id knows no project")
  func noProject() async throws {
    let directory = try TemporaryDirectory()
    let path = try CredentialsFixtures.writeServiceAccount(
      to: directory, tokenURI: "https://oauth2.googleapis.com/token"
    ) { $0["project_id"] = nil }
    let credentials = try ServiceAccountCredentials(contentsOfFile: path)
    #expect(await credentials.projectID() == nil)
  }

  @Test(
    "a broken key file is an invalid-file error naming the file and the problem",
    arguments: [
      ("no private key", "private_key: missing"),
      ("EC key", "private_key: not an RSA key"),
      ("http token_uri", "token_uri: not an https URL"),
    ])
  func brokenKeyFiles(change: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let ecKey = try CryptoFixtures.text("ec-p256.pkcs8.pem")
    let path = try CredentialsFixtures.writeServiceAccount(
      to: directory, tokenURI: "https://oauth2.googleapis.com/token"
    ) { object in
      switch change {
      case "no private key": object["private_key"] = nil
      case "EC key": object["private_key"] = .string(ecKey)
      default: object["token_uri"] = "http://oauth2.googleapis.com/token"
      }
    }
    #expect {
      try ServiceAccountCredentials(contentsOfFile: path)
    } throws: { error in
      guard let error = error as? CredentialsError else { return false }
      return error.kind == .invalidFile && error.message.contains(path)
        && error.message.contains(problem)
    }
  }

  @Test("invalid_grant says the clock may be off or the key revoked, naming the key and account")
  func invalidGrant() async throws {
    let directory = try TemporaryDirectory()
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.enqueue(
      at: "/token",
      LoopbackResponse(
        status: 400,
        body: .complete(
          Array(#"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#.utf8))))
    let path = try CredentialsFixtures.writeServiceAccount(
      to: directory, tokenURI: server.url("/token").absoluteString)
    let credentials = try ServiceAccountCredentials(
      contentsOfFile: path, timeSource: ManualTimeSource(now: TestTime.start))
    let error = await #expect(throws: CredentialsError.self) { try await credentials.accessToken() }
    #expect(error?.kind == .refused)
    #expect(
      error?.message
        == "the token endpoint \(server.url("/token").absoluteString) refused the JWT signed for "
        + "\(CredentialsFixtures.clientEmail) (key file \(path)) (HTTP 400): invalid_grant: "
        + "Invalid JWT Signature. This usually means this machine's clock is off (Google checks "
        + "the JWT's issue and expiry times against its own) or the key was revoked or deleted: "
        + "check the clock (`date -u`), and that key \(CredentialsFixtures.keyID) is still "
        + "listed for \(CredentialsFixtures.clientEmail) under IAM & Admin > Service accounts > "
        + "Keys in the Google Cloud console; if it is not, create a new key file.")
  }

  @Test("Google's token endpoint (the fake) accepts the JWT: its claims and RS256 signature check")
  func acceptedByFakeGoogle() async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let path = try google.writeKeyFile(try FakeServiceAccount.fixture(), in: directory)
      let credentials = try ServiceAccountCredentials(
        contentsOfFile: path, timeSource: ManualTimeSource(now: TestTime.start))
      let token = try await credentials.accessToken()
      #expect(google.issuedAccessTokens == [token.value])
      #expect(token.expiresAt == TestTime.start + 3599)
    }
  }

  @Test(
    "Google's refusals reach the caller with what they usually mean",
    arguments: [
      ("clock ten minutes off", "Invalid JWT: Token must be a short-lived token (60 minutes)"),
      ("account deleted", "invalid_grant: Invalid grant: account not found."),
      ("key replaced", "invalid_grant: Invalid JWT Signature."),
    ])
  func refusalsFromFakeGoogle(situation: String, said: String) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let account = try FakeServiceAccount.fixture()
      let path = try google.writeKeyFile(account, in: directory)
      switch situation {
      case "clock ten minutes off": google.advance(by: 600)
      case "account deleted": google.unregister(account)
      default: try google.register(try FakeServiceAccount.fixture(bits: 4096))
      }
      let credentials = try ServiceAccountCredentials(
        contentsOfFile: path, timeSource: ManualTimeSource(now: TestTime.start))
      let error = await #expect(throws: CredentialsError.self) {
        try await credentials.accessToken()
      }
      #expect(error?.kind == .refused)
      #expect(error?.message.contains(said) == true)
      #expect(error?.message.contains("This usually means this machine's clock is off") == true)
      #expect(google.issuedAccessTokens.isEmpty)
    }
  }
}
