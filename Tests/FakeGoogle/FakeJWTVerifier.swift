import Core
import FirebaseServices
import Foundation

/// A service account the token endpoint trusts, with the public key its JWTs must verify
/// with.
struct RegisteredServiceAccount: Sendable {
  let account: FakeServiceAccount
  let publicKey: RSAPublicKey
}

/// Checks a JWT-bearer assertion (RFC 7523 §2.1) as Google's token endpoint does, fully:
/// three unpadded base64url segments, header `{"alg":"RS256","typ":"JWT"}` with `kid` equal to
/// the key's id when it has one, `iss` a registered account, the RS256 signature by that
/// account's key, `aud` the token endpoint, `iat`/`exp` integers at most an hour apart around
/// the fake's clock, a non-empty `scope` (firebase-services.md §2.4; google-auth
/// `service_account.py:86-87, 393-424`, `jwt.py:75-115`).
struct FakeJWTVerifier {
  /// What a valid assertion grants.
  struct Grant: Equatable {
    /// The account's email.
    let email: String
    /// The scopes asked for (space-separated in the JWT).
    let scopes: [String]
  }

  /// The accounts trusted, by email.
  let accounts: [String: RegisteredServiceAccount]
  /// The `aud` required: the token endpoint's URL, as the key file's `token_uri` names it.
  let audience: String
  /// The fake's clock.
  let now: Date
  /// How far `iat` may be from `now`, in seconds, either way.
  let allowedClockSkew: TimeInterval

  /// The grant, or the refusal Google would send.
  func verify(_ assertion: String) -> Result<Grant, OAuthRefusal> {
    let segments = assertion.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else {
      return .failure(
        .invalidGrant("Invalid JWT: expected three base64url segments, found \(segments.count)."))
    }
    guard let headerBytes = Self.base64URLDecoded(segments[0]),
      let claimsBytes = Self.base64URLDecoded(segments[1]),
      let signature = Self.base64URLDecoded(segments[2])
    else {
      return .failure(.invalidGrant("Invalid JWT: a segment is not unpadded base64url."))
    }
    guard let header = (try? JSONParser().parse(headerBytes))?.objectValue,
      let claims = (try? JSONParser().parse(claimsBytes))?.objectValue
    else {
      return .failure(.invalidGrant("Invalid JWT: the header or the claims are not a JSON object."))
    }
    guard header["alg"]?.stringValue == "RS256", header["typ"]?.stringValue == "JWT" else {
      return .failure(.invalidGrant("Invalid JWT: the header must say alg RS256 and typ JWT."))
    }
    guard let issuer = claims["iss"]?.stringValue, let registered = accounts[issuer] else {
      return .failure(.unknownAccount)
    }
    // A key id that names another key finds no key to verify with: Google's answer for a
    // rotated or deleted key is the signature error.
    if let keyID = registered.account.privateKeyID, header["kid"]?.stringValue != keyID {
      return .failure(.badSignature)
    }
    let signingInput = segments[0] + "." + segments[1]
    guard registered.publicKey.isValidSignature(signature, for: Array(signingInput.utf8)) else {
      return .failure(.badSignature)
    }
    guard claims["aud"]?.stringValue == audience else { return .failure(.badAudience) }
    guard let issuedAt = claims["iat"]?.integerSeconds,
      let expiresAt = claims["exp"]?.integerSeconds,
      expiresAt > issuedAt, expiresAt - issuedAt <= 3600,
      abs(Double(issuedAt) - now.timeIntervalSince1970) <= allowedClockSkew,
      Double(expiresAt) > now.timeIntervalSince1970
    else { return .failure(.badTimes) }
    let scopes = (claims["scope"]?.stringValue ?? "").split(separator: " ").map(String.init)
    guard !scopes.isEmpty else { return .failure(.missingScope) }
    return .success(Grant(email: issuer, scopes: scopes))
  }

  /// The bytes of an unpadded base64url segment (RFC 4648 §5), or nil for anything else:
  /// padding, the standard alphabet's `+` and `/`, or a length no encoding has.
  static func base64URLDecoded(_ segment: Substring) -> [UInt8]? {
    guard !segment.isEmpty, segment.utf8.count % 4 != 1 else { return nil }
    var characters: [UInt8] = []
    characters.reserveCapacity(segment.utf8.count + 3)
    for character in segment.utf8 {
      switch character {
      case UInt8(ascii: "-"): characters.append(UInt8(ascii: "+"))
      case UInt8(ascii: "_"): characters.append(UInt8(ascii: "/"))
      case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="): return nil
      default: characters.append(character)
      }
    }
    while characters.count % 4 != 0 { characters.append(UInt8(ascii: "=")) }
    return Base64.decode(characters)
  }
}

extension JSONValue {
  /// A JSON number that is a whole number of seconds (NumericDate, RFC 7519 §2), as `Int`.
  fileprivate var integerSeconds: Int? {
    guard case .number(let number) = self else { return nil }
    return number.intValue
  }
}
