import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ServiceAccountJWT")
struct ServiceAccountJWTTests {
  /// 2026-01-01T00:00:00Z, the time the fixture JWT was made for.
  static let now = TestTime.start

  static func fixtureKey() throws -> ServiceAccountKey {
    try ServiceAccountKey(contentsOfFile: CryptoFixtures.path("service-account.json"))
  }

  /// A base64url segment's bytes, decoded with Foundation (not the code under test).
  static func decodeSegment(_ segment: Substring) throws -> [UInt8] {
    var text = segment.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return Array(try #require(Data(base64Encoded: text)))
  }

  @Test("the JWT equals the one OpenSSL signed for the same header and claims")
  func matchesOpenSSL() throws {
    let key = try Self.fixtureKey()
    let jwt = try ServiceAccountJWT(key: key, now: Self.now).signed(with: key.privateKey)
    let expected = try CryptoFixtures.text("service-account.jwt")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(jwt == expected)
  }

  @Test("the segments decode to exactly Google's header and claims, and the signature verifies")
  func decodes() throws {
    let key = try Self.fixtureKey()
    let now = Date(timeIntervalSince1970: 1_800_000_000.75)
    let jwt = try ServiceAccountJWT(key: key, now: now).signed(with: key.privateKey)
    let segments = jwt.split(separator: ".", omittingEmptySubsequences: false)
    try #require(segments.count == 3)
    #expect(!jwt.contains("="))
    #expect(
      try JSONParser().parse(Self.decodeSegment(segments[0]))
        == .object(
          JSONObject([
            ("typ", "JWT"), ("alg", "RS256"), ("kid", "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"),
          ])))
    #expect(
      String(decoding: try Self.decodeSegment(segments[0]), as: UTF8.self)
        == #"{"typ":"JWT","alg":"RS256","kid":"0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"}"#)
    let claims = try #require(JSONParser().parse(Self.decodeSegment(segments[1])).objectValue)
    #expect(claims.keys == ["iss", "scope", "aud", "iat", "exp"])
    #expect(claims["iss"] == "switchyard-test@switchyard-fixtures.iam.gserviceaccount.com")
    #expect(claims["scope"] == "https://www.googleapis.com/auth/cloud-platform")
    #expect(claims["aud"] == "https://oauth2.googleapis.com/token")
    #expect(claims["iat"] == .number(JSONNumber(1_800_000_000)))
    #expect(claims["exp"] == .number(JSONNumber(1_800_003_600)))
    let signature = try Self.decodeSegment(segments[2])
    let input = Array("\(segments[0]).\(segments[1])".utf8)
    #expect(key.privateKey.publicKey.isValidSignature(signature, for: input))
    #expect(!key.privateKey.publicKey.isValidSignature(signature, for: input + [0x2E]))
  }

  @Test("kid is omitted without a private_key_id; aud follows token_uri; scopes join with spaces")
  func variants() throws {
    var object = try ServiceAccountKeyTests.fixtureObject()
    object["private_key_id"] = nil
    object["token_uri"] = "http://127.0.0.1:8089/token"
    let key = try ServiceAccountKey(
      json: Array(JSONValue.object(object).jsonText.utf8), path: "inline.json")
    let claims = ServiceAccountJWT(
      key: key, scopes: ["https://www.googleapis.com/auth/firebase.remoteconfig", "openid"],
      now: Self.now)
    #expect(claims.headerJSON == #"{"typ":"JWT","alg":"RS256"}"#)
    #expect(claims.audience == "http://127.0.0.1:8089/token")
    #expect(claims.scope == "https://www.googleapis.com/auth/firebase.remoteconfig openid")
    #expect(claims.issuedAt == 1_767_225_600)
    #expect(claims.expiresAt == 1_767_229_200)
    let jwt = try claims.signed(with: key.privateKey)
    #expect(jwt.hasPrefix(Base64.urlEncoded(Array(#"{"typ":"JWT","alg":"RS256"}"#.utf8)) + "."))
  }

  @Test(
    "impossible times are clamped, never a crash",
    arguments: [(-5.0, Int64(0)), (.nan, 0), (.infinity, 0), (1e300, 1_000_000_000_000)])
  func clampedTimes(seconds: Double, issuedAt: Int64) throws {
    let claims = ServiceAccountJWT(
      key: try Self.fixtureKey(), now: Date(timeIntervalSince1970: seconds))
    #expect(claims.issuedAt == issuedAt)
    #expect(claims.expiresAt == issuedAt + 3600)
  }
}
