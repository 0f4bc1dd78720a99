import SwitchyardTestSupport

/// Why the fake token endpoint refused a request, as it answers it: an RFC 6749 §5.2 error.
///
/// The descriptions Google is known to send are copied here with where they were seen, so a
/// client's messages can be tested against what Google really says; the others are the
/// fake's own words, in Google's style.
struct OAuthRefusal: Error, Equatable {
  /// The HTTP status: 400, or 401 for a client that did not authenticate.
  let status: Int
  /// `error`: `invalid_grant`, `invalid_scope`, `invalid_request`, ...
  let error: String
  /// `error_description`.
  let description: String

  /// The answer to send.
  var response: LoopbackResponse {
    .oauthError(status: status, error: error, description: description)
  }

  /// A grant that is not valid: `invalid_grant` with `description`.
  static func invalidGrant(_ description: String) -> OAuthRefusal {
    OAuthRefusal(status: 400, error: "invalid_grant", description: description)
  }

  /// A request that does not follow the protocol: `invalid_request` with `description`.
  static func invalidRequest(_ description: String) -> OAuthRefusal {
    OAuthRefusal(status: 400, error: "invalid_request", description: description)
  }

  /// Google's answer to a JWT whose signature does not verify, including one signed with a
  /// deleted key (googleapis/google-cloud-python#10004, crossplane-contrib/provider-jet-gcp#56).
  static let badSignature = invalidGrant("Invalid JWT Signature.")

  /// Google's answer to a JWT whose `iat`/`exp` are out of range: a clock off, or a lifetime
  /// over an hour (a-marenkov/gsheets#96).
  static let badTimes = invalidGrant(
    "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable "
      + "timeframe. Check your iat and exp values in the JWT claim.")

  /// Google's answer to a JWT whose `iss` names no service account (google/oculi#5).
  static let unknownAccount = invalidGrant("Invalid grant: account not found")

  /// Google's answer to a JWT whose `aud` is not the token endpoint (google/oauth2l#130).
  static let badAudience = invalidGrant("Invalid JWT: Failed audience check.")

  /// Google's answer to a JWT without a scope: `invalid_scope`, not `invalid_grant`
  /// (oneduo/laravel-recaptcha-enterprise#10, fixed by sending the scope).
  static let missingScope = OAuthRefusal(
    status: 400, error: "invalid_scope",
    description: "Invalid OAuth scope or ID token audience provided.")

  /// Google's answer to a refresh token it does not know, or that was revoked.
  static let revokedRefreshToken = invalidGrant("Token has been expired or revoked.")

  /// A refresh token presented with another client's id or a wrong secret: RFC 6749 §5.2's
  /// `invalid_client`, with 401 since the client authenticated in the body.
  static let unauthorizedClient = OAuthRefusal(
    status: 401, error: "invalid_client", description: "Unauthorized")
}
