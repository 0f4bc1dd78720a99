import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("FixedTokenCredentials")
struct FixedTokenCredentialsTests {
  @Test("a token given in code is handed out as it is, with no known expiry")
  func fromString() async throws {
    let credentials = try FixedTokenCredentials(
      token: CredentialsFixtures.accessToken, quotaProjectID: "billing")
    #expect(
      try await credentials.accessToken()
        == AccessToken(value: CredentialsFixtures.accessToken, expiresAt: nil))
    #expect(credentials.quotaProjectID == "billing")
    #expect(await credentials.projectID() == nil)
  }

  @Test(
    "GOOGLE_OAUTH_ACCESS_TOKEN gives the token; unset or empty gives none",
    arguments: [
      ([:], nil), (["GOOGLE_OAUTH_ACCESS_TOKEN": ""], nil),
      (["GOOGLE_OAUTH_ACCESS_TOKEN": "ya29.token"], "ya29.token"),
    ] as [([String: String], String?)])
  func fromEnvironment(environment: [String: String], expected: String?) async throws {
    let credentials = try FixedTokenCredentials(environment: environment)
    #expect(try await credentials?.accessToken().value == expected)
  }

  @Test("GOOGLE_CLOUD_QUOTA_PROJECT names the environment token's quota project")
  func quotaProject() throws {
    let credentials = try #require(
      try FixedTokenCredentials(environment: [
        "GOOGLE_OAUTH_ACCESS_TOKEN": "ya29.token", "GOOGLE_CLOUD_QUOTA_PROJECT": "billing",
      ]))
    #expect(credentials.quotaProjectID == "billing")
  }

  @Test(
    "a token with spaces or control characters is refused without being shown",
    arguments: ["", "ya29 SECRET", "ya29.SECRET\r\nX-Injected: 1", "ya29.SECRET\t", "ya29.SECRÉT"])
  func unusableTokens(token: String) {
    #expect {
      try FixedTokenCredentials(token: token)
    } throws: { error in
      guard let error = error as? CredentialsError else { return false }
      return error.kind == .invalidValue && !error.message.contains("SECRET")
    }
    #expect {
      try FixedTokenCredentials(environment: ["GOOGLE_OAUTH_ACCESS_TOKEN": token + " x"])
    } throws: { error in
      guard let error = error as? CredentialsError else { return false }
      return error.kind == .invalidValue && error.message.contains("GOOGLE_OAUTH_ACCESS_TOKEN")
        && !error.message.contains("SECRET")
    }
  }
}
