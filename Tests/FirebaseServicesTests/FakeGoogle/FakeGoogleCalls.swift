import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

/// Requests to the fake Google through the project's own HTTP client, as the credential
/// providers and Firebase clients send them.
enum FakeGoogleCalls {
  /// Sends a request and returns the whole response (a 30-second backstop, never reached).
  static func send(
    _ url: URL, method: String = "GET", headers: [(name: String, value: String)] = [],
    body: [UInt8]? = nil
  ) async throws -> HTTPResponse {
    try await HTTPClient(time: SystemTimeSource()).send(
      HTTPRequest(method: method, url: url, headers: headers, body: body),
      timeout: .seconds(30), maximumBodyBytes: 4 * 1024 * 1024)
  }

  /// POSTs `fields` form-encoded to `url`.
  static func postForm(_ fields: [(String, String)], to url: URL) async throws -> HTTPResponse {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let body = fields.map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
    return try await send(
      url, method: "POST",
      headers: [(name: "Content-Type", value: "application/x-www-form-urlencoded")],
      body: Array(body.utf8))
  }

  /// Exchanges a JWT at the fake's token endpoint.
  static func exchange(_ assertion: String, at google: FakeGoogle) async throws -> HTTPResponse {
    try await postForm(
      [("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)],
      to: google.tokenURL)
  }

  /// The response body as a JSON object.
  static func object(_ response: HTTPResponse) throws -> JSONObject {
    try #require(try JSONParser().parse(response.body).objectValue)
  }

  /// `{"error","error_description"}` of a token endpoint refusal.
  static func oauthError(_ response: HTTPResponse) throws -> (error: String?, description: String?)
  {
    let body = try object(response)
    return (body["error"]?.stringValue, body["error_description"]?.stringValue)
  }

  /// `{"error":{"code","message","status"}}` of a Google API error.
  static func googleError(_ response: HTTPResponse) throws -> (
    code: Int?, status: String?, message: String?
  ) {
    let error = try #require(try object(response)["error"]?.objectValue)
    return (
      error["code"].flatMap { if case .number(let n) = $0 { n.intValue } else { nil } },
      error["status"]?.stringValue, error["message"]?.stringValue
    )
  }

  /// The fixture service account's key file written by `google` (registered), read back as
  /// ConfigClient reads key files.
  static func fixtureKey(
    _ google: FakeGoogle, in directory: TemporaryDirectory
  ) throws -> ServiceAccountKey {
    let path = try google.writeKeyFile(try FakeServiceAccount.fixture(), in: directory)
    return try ServiceAccountKey(contentsOfFile: path)
  }

  /// A JWT with exactly `header` and `claims` (JSON text), signed with `key`: for claims
  /// `ServiceAccountJWT` never makes.
  static func jwt(header: String, claims: String, key: RSAPrivateKey) throws -> String {
    let input = Base64.urlEncoded(Array(header.utf8)) + "." + Base64.urlEncoded(Array(claims.utf8))
    return input + "." + Base64.urlEncoded(try key.signature(for: Array(input.utf8)))
  }

  /// An access token from the fake, through the fixture service account.
  static func accessToken(_ google: FakeGoogle, in directory: TemporaryDirectory) async throws
    -> String
  {
    let key = try fixtureKey(google, in: directory)
    let jwt = try ServiceAccountJWT(key: key, now: google.now).signed(with: key.privateKey)
    let response = try await exchange(jwt, at: google)
    try #require(response.status == 200)
    return try #require(try object(response)["access_token"]?.stringValue)
  }
}
