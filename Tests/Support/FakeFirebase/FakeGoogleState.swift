import Foundation

/// An access token the fake issued (or was told to accept), and what it allows.
struct IssuedAccessToken: Sendable {
  /// Who holds it: the service account, the person, or the metadata server's account. The
  /// management API writes it as `updateUser.email`.
  let email: String
  /// The scopes it was issued for.
  let scopes: [String]
  /// When it stops being accepted, on the fake's clock; nil: never.
  let expiresAt: Date?
}

/// Everything the fake Google knows, behind one lock that the fake and its metadata servers
/// share (the metadata server issues tokens the Remote Config APIs accept).
struct FakeGoogleState: Sendable {
  /// The fake's clock.
  var now: Date
  /// `expires_in` of the token endpoint's answers.
  var tokenLifetime = 3599
  /// How far a JWT's `iat` may be from `now`.
  var allowedClockSkew: TimeInterval = 300
  /// When bodies are gzip-encoded.
  var gzip = FakeGoogle.GzipPolicy.whenAccepted
  /// The service accounts the token endpoint trusts, by email.
  var serviceAccounts: [String: RegisteredServiceAccount] = [:]
  /// The people whose refresh tokens it honours, by refresh token.
  var authorizedUsers: [String: FakeAuthorizedUser] = [:]
  /// Every token it accepts, by value.
  var accessTokens: [String: IssuedAccessToken] = [:]
  /// The tokens issued, in order.
  var issuedTokens: [String] = []

  /// Issues `ya29.fake-<n>` for `email`, valid for `lifetime` seconds from `now`.
  mutating func issueToken(email: String, scopes: [String], lifetime: Int) -> String {
    let token = "ya29.fake-\(issuedTokens.count + 1)"
    issuedTokens.append(token)
    accessTokens[token] = IssuedAccessToken(
      email: email, scopes: scopes, expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    return token
  }
}
