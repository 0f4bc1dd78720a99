public import Core
public import Foundation

/// A user's credentials from an `authorized_user` file, the file
/// `gcloud auth application-default login` writes: a refresh token traded for access tokens
/// at Google's token endpoint, or at `SWITCHYARD_OAUTH_TOKEN_URL` when set (tests,
/// proxies).
///
/// The refresh is a form POST with `grant_type=refresh_token`, `client_id`, `client_secret`
/// and `refresh_token`, and no `scope`, as google-auth-library-nodejs sends it
/// (`oauth2client.ts:803-852`): the scopes are those the user granted gcloud. Tokens are
/// cached and refreshed 5 minutes before they expire (see `TokenCache`).
///
/// `quota_project_id` is the project billed for quota; the Firebase clients send it as
/// `x-goog-user-project`, which Google requires of user credentials for some APIs
/// (firebase-admin-node `api-request.ts`). `GOOGLE_CLOUD_QUOTA_PROJECT` overrides it, as it
/// does for firebase-admin-node and google-auth-library.
///
/// Neither the description nor a dump shows the refresh token or the client secret.
public struct AuthorizedUserCredentials: AccessTokenProvider, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The environment variable that replaces Google's token endpoint for refresh tokens.
  public static let tokenURLVariable = "SWITCHYARD_OAUTH_TOKEN_URL"
  /// The environment variable that overrides the file's quota project.
  public static let quotaProjectVariable = "GOOGLE_CLOUD_QUOTA_PROJECT"

  /// The file the credentials were read from.
  public let path: String
  /// `client_id`: the OAuth client (gcloud's, for files gcloud writes); not a secret.
  public let clientID: String
  /// The project billed for quota: `GOOGLE_CLOUD_QUOTA_PROJECT`, else the file's
  /// `quota_project_id`.
  public let quotaProjectID: String?
  /// Where the refresh token is traded.
  public let tokenURL: URL
  private let cache: TokenCache

  /// Reads the `authorized_user` file at `path`.
  /// - Parameters:
  ///   - environment: where `SWITCHYARD_OAUTH_TOKEN_URL` and `GOOGLE_CLOUD_QUOTA_PROJECT`
  ///     are read (pass `ProcessInfo.processInfo.environment`).
  ///   - timeSource: the clock for expiry and request deadlines.
  /// - Throws: `.invalidFile` naming the file and the problem; `.invalidValue` for a
  ///   `SWITCHYARD_OAUTH_TOKEN_URL` that is not https (or http to loopback).
  public init(
    contentsOfFile path: String, environment: [String: String],
    timeSource: any TimeSource = SystemTimeSource()
  ) throws(CredentialsError) {
    try self.init(
      file: CredentialsFile(contentsOfFile: path), environment: environment,
      timeSource: timeSource)
  }

  /// Credentials from a file already read.
  init(
    file: CredentialsFile, environment: [String: String], timeSource: any TimeSource
  ) throws(CredentialsError) {
    func fail(_ problem: String) -> CredentialsError {
      CredentialsFile.invalid(file.path, problem)
    }
    guard file.type == "authorized_user" else {
      throw fail(
        "type: " + (file.type.map { "is \(Excerpt.quoted($0)), " } ?? "missing, ")
          + "not 'authorized_user' (the type of the file `gcloud auth application-default "
          + "login` writes)")
    }
    func string(_ field: String, required: Bool) throws(CredentialsError) -> String? {
      guard let value = file.object[field], !value.isNull else {
        guard !required else {
          throw fail(
            "\(field): missing (an authorized_user file holds client_id, client_secret and "
              + "refresh_token)")
        }
        return nil
      }
      guard let text = value.stringValue else {
        throw fail("\(field): expected a string, found \(value.kindDescription)")
      }
      guard !text.isEmpty else {
        guard !required else { throw fail("\(field): empty") }
        return nil
      }
      return text
    }
    let clientID = try string("client_id", required: true) ?? ""
    let clientSecret = SecretText(try string("client_secret", required: true) ?? "")
    let refreshToken = SecretText(try string("refresh_token", required: true) ?? "")
    let fileQuotaProject = try string("quota_project_id", required: false)
    let tokenURL = try Self.tokenURL(environment: environment)

    self.path = file.path
    self.clientID = clientID
    self.quotaProjectID = environment.nonEmptyValue(Self.quotaProjectVariable) ?? fileQuotaProject
    self.tokenURL = tokenURL
    let endpoint = TokenEndpoint(url: tokenURL, time: timeSource)
    let grant = TokenEndpoint.Grant.refreshToken(
      clientID: clientID, clientSecret: clientSecret, refreshToken: refreshToken)
    let shownPath = Excerpt.of(file.path, length: 200)
    let requester = TokenEndpoint.Requester(
      subject: "the refresh token in \(shownPath)",
      invalidGrantHint:
        "This usually means the refresh token was revoked or has expired (a changed "
        + "password, access removed, a session limit), or this machine's clock is off: run "
        + "`gcloud auth application-default login` again, and check the clock.",
      invalidClientHint:
        "The client_id or client_secret in \(shownPath) is not valid: run `gcloud auth "
        + "application-default login` again to write a new file.")
    cache = TokenCache(time: timeSource) { () async throws(CredentialsError) -> AccessToken in
      try await endpoint.token(for: grant, requester: requester)
    }
  }

  /// `SWITCHYARD_OAUTH_TOKEN_URL`, else Google's token endpoint.
  /// - Throws: `.invalidValue` when the variable is not an https URL (or http to loopback).
  static func tokenURL(environment: [String: String]) throws(CredentialsError) -> URL {
    let text = environment.nonEmptyValue(tokenURLVariable) ?? ServiceAccountKey.defaultTokenURI
    guard let url = ServiceAccountKey.tokenEndpoint(text) else {
      throw CredentialsError(
        .invalidValue,
        "\(tokenURLVariable) is \(Excerpt.quoted(text, length: 200)), not an https URL "
          + "(plain http only to a loopback address): a refresh token never travels in the "
          + "clear")
    }
    return url
  }

  /// A token from the cache, refreshed when 5 minutes or less remain.
  /// - Throws: `.refused` (with what `invalid_grant` usually means), `.unreachable`.
  public func accessToken() async throws(CredentialsError) -> AccessToken {
    try await cache.token()
  }

  /// The file, the client and the quota project; never a secret.
  public var description: String {
    "AuthorizedUserCredentials(\(Excerpt.of(path, length: 200)), client \(Excerpt.of(clientID))"
      + (quotaProjectID.map { ", quota project \(Excerpt.of($0))" } ?? "") + ")"
  }

  /// As `description`.
  public var debugDescription: String { description }

  /// The public fields only.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "path": path, "clientID": clientID, "quotaProjectID": quotaProjectID as Any,
        "tokenURL": tokenURL,
      ], displayStyle: .struct)
  }
}
