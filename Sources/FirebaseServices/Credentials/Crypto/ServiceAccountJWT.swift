import Core
import Foundation

/// The JWT a service account trades for an access token at its `token_uri` (RFC 7523 §2.1,
/// as google-auth makes it): header `{"typ":"JWT","alg":"RS256","kid":...}`, claims `iss`,
/// `scope`, `aud`, `iat` and `exp` one hour later, each segment unpadded base64url, the
/// RS256 signature over `header.claims`.
///
/// The time comes from the caller, never from the clock here, so tests and token caches
/// decide what "now" is.
struct ServiceAccountJWT: Sendable, Equatable {
  /// The scope asked for by default: all Google Cloud APIs, Firebase's management API too.
  static let cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"
  /// How long the JWT is valid, in seconds: the most Google's token endpoint accepts.
  static let lifetime: Int64 = 3600

  /// `kid`: the key file's `private_key_id`, omitted when absent.
  let keyID: String?
  /// `iss`: the account's email.
  let issuer: String
  /// `aud`: the token endpoint.
  let audience: String
  /// `scope`: the scopes, space-separated.
  let scope: String
  /// `iat`, in whole seconds since 1970.
  let issuedAt: Int64
  /// `exp` = `iat` + `lifetime`.
  let expiresAt: Int64

  /// The claims for `key` at `now`.
  init(key: ServiceAccountKey, scopes: [String] = [cloudPlatformScope], now: Date) {
    keyID = key.privateKeyID
    issuer = key.clientEmail
    audience = key.tokenURI.absoluteString
    scope = scopes.joined(separator: " ")
    issuedAt = Self.wholeSeconds(now)
    expiresAt = issuedAt + Self.lifetime
  }

  /// The header as JSON, members in the order Google's libraries write them.
  var headerJSON: String {
    var header = JSONObject()
    header["typ"] = "JWT"
    header["alg"] = "RS256"
    if let keyID { header["kid"] = .string(keyID) }
    return JSONValue.object(header).jsonText
  }

  /// The claims as JSON.
  var claimsJSON: String {
    var claims = JSONObject()
    claims["iss"] = .string(issuer)
    claims["scope"] = .string(scope)
    claims["aud"] = .string(audience)
    claims["iat"] = .number(JSONNumber(Double(issuedAt)))
    claims["exp"] = .number(JSONNumber(Double(expiresAt)))
    return JSONValue.object(claims).jsonText
  }

  /// `base64url(header).base64url(claims)`: what the signature covers.
  var signingInput: String {
    Base64.urlEncoded(Array(headerJSON.utf8)) + "." + Base64.urlEncoded(Array(claimsJSON.utf8))
  }

  /// The complete JWT, signed with `key`.
  /// - Throws: `.signatureCheckFailed` when the signature does not verify (never returned).
  func signed(with key: RSAPrivateKey) throws(RSAKeyError) -> String {
    let input = signingInput
    return input + "." + Base64.urlEncoded(try key.signature(for: Array(input.utf8)))
  }

  /// Whole seconds since 1970, rounded down. A time outside years 1970 to about 33,000 (or
  /// not a number) becomes the nearest bound: such a JWT is refused by the server rather than
  /// crashing here.
  private static func wholeSeconds(_ date: Date) -> Int64 {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return 0 }
    return Int64(min(max(seconds.rounded(.down), 0), 1e12))
  }
}
