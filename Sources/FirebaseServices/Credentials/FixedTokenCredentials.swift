import Core

/// An access token you already have, used as it is: from `gcloud auth print-access-token`,
/// a CI system, or the `GOOGLE_OAUTH_ACCESS_TOKEN` environment variable (the name other
/// Google tooling, such as Terraform's Google provider, reads).
///
/// Nothing refreshes it: when it expires (usually after an hour), requests fail with 401
/// until you give a new one. Its description never shows the token.
public struct FixedTokenCredentials: AccessTokenProvider, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The environment variable that holds a token.
  public static let environmentVariable = "GOOGLE_OAUTH_ACCESS_TOKEN"

  private let token: AccessToken
  /// The project billed for quota (`x-goog-user-project`), when given.
  public let quotaProjectID: String?

  /// Credentials that send `token`; `quotaProjectID` names the project billed for quota
  /// (user tokens need one for some APIs).
  /// - Throws: `.invalidValue` when `token` is empty or holds spaces or control characters
  ///   (it would break the `Authorization` header); the message does not show it.
  public init(token: String, quotaProjectID: String? = nil) throws(CredentialsError) {
    guard TokenResponse.isHeaderSafe(token) else {
      throw CredentialsError(
        .invalidValue,
        "the access token given is empty or holds spaces or control characters, which an "
          + "Authorization header cannot carry")
    }
    self.token = AccessToken(value: token, expiresAt: nil)
    self.quotaProjectID = quotaProjectID
  }

  /// The token in `GOOGLE_OAUTH_ACCESS_TOKEN`, or nil when it is not set or empty.
  /// `GOOGLE_CLOUD_QUOTA_PROJECT`, when set, names the quota project: such a token is
  /// usually a user's (`gcloud auth print-access-token`), which some APIs bill that way.
  /// - Throws: `.invalidValue` when the variable's value cannot be a token (see
  ///   `init(token:quotaProjectID:)`), naming the variable but never showing its value.
  public init?(environment: [String: String]) throws(CredentialsError) {
    guard let value = environment.nonEmptyValue(Self.environmentVariable) else { return nil }
    do {
      try self.init(
        token: value,
        quotaProjectID: environment.nonEmptyValue(AuthorizedUserCredentials.quotaProjectVariable))
    } catch {
      throw CredentialsError(
        .invalidValue,
        "\(Self.environmentVariable) holds spaces or control characters, which an access "
          + "token never does (its value is not shown)")
    }
  }

  /// The token, with no known expiry.
  public func accessToken() async throws(CredentialsError) -> AccessToken {
    token
  }

  /// `FixedTokenCredentials(redacted)`.
  public var description: String {
    "FixedTokenCredentials(token redacted"
      + (quotaProjectID.map { ", quota project \(Excerpt.of($0))" } ?? "") + ")"
  }

  /// As `description`.
  public var debugDescription: String { description }

  /// The quota project only.
  public var customMirror: Mirror {
    Mirror(self, children: ["quotaProjectID": quotaProjectID as Any], displayStyle: .struct)
  }
}
