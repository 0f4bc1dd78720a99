public import Core
public import Foundation

/// A service account's credentials from its key file (`"type": "service_account"`): a JWT
/// signed with the file's RSA key (RS256, scope `cloud-platform`, one hour) traded for an
/// access token at the file's `token_uri` with
/// `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`, as google-auth does
/// (google-auth-library-python `_client.py:278-323`).
///
/// Tokens are cached and refreshed 5 minutes before they expire (see `TokenCache`); each
/// refresh signs a new JWT at the time source's "now". The project is the file's
/// `project_id`. No quota project is sent: a service account bills its own project, and
/// firebase-admin-node sends `x-goog-user-project` only for user credentials
/// (firebase/firebase-admin-node#2761).
///
/// Neither the description nor a dump shows the private key.
public struct ServiceAccountCredentials: AccessTokenProvider, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  private let key: ServiceAccountKey
  private let cache: TokenCache

  /// Reads the key file at `path`.
  /// - Parameter timeSource: the clock for the JWT's times, expiry and request deadlines.
  /// - Throws: `.invalidFile` naming the file and the problem (a missing field, a private
  ///   key that is not RSA, ...).
  public init(contentsOfFile path: String, timeSource: any TimeSource = SystemTimeSource())
    throws(CredentialsError)
  {
    try self.init(file: CredentialsFile(contentsOfFile: path), timeSource: timeSource)
  }

  /// Credentials from a key file already read.
  init(file: CredentialsFile, timeSource: any TimeSource) throws(CredentialsError) {
    do {
      try self.init(
        key: ServiceAccountKey(json: file.bytes, path: file.path), timeSource: timeSource)
    } catch {
      throw CredentialsFile.invalid(file.path, error.problem.description)
    }
  }

  /// Credentials for `key`.
  init(key: ServiceAccountKey, timeSource: any TimeSource) {
    self.key = key
    let endpoint = TokenEndpoint(url: key.tokenURI, time: timeSource)
    let account = Excerpt.of(key.clientEmail, length: 200)
    let shownPath = Excerpt.of(key.path, length: 200)
    let keyID = key.privateKeyID.map { "key \(Excerpt.of($0))" } ?? "its key"
    let requester = TokenEndpoint.Requester(
      subject: "the JWT signed for \(account) (key file \(shownPath))",
      invalidGrantHint:
        "This usually means this machine's clock is off (Google checks the JWT's issue and "
        + "expiry times against its own) or the key was revoked or deleted: check the clock "
        + "(`date -u`), and that \(keyID) is still listed for \(account) under IAM & Admin > "
        + "Service accounts > Keys in the Google Cloud console; if it is not, create a new key "
        + "file.",
      invalidClientHint:
        "This usually means the service account \(account) was deleted or disabled: check it "
        + "in the Google Cloud console under IAM & Admin > Service accounts.")
    cache = TokenCache(time: timeSource) { () async throws(CredentialsError) -> AccessToken in
      let assertion: String
      do {
        assertion = try ServiceAccountJWT(key: key, now: timeSource.now).signed(
          with: key.privateKey)
      } catch {
        throw CredentialsFile.invalid(key.path, "private_key: \(error)")
      }
      return try await endpoint.token(
        for: .jwtBearer(assertion: SecretText(assertion)), requester: requester)
    }
  }

  /// The file the key was read from.
  public var path: String { key.path }
  /// `client_email`: the service account.
  public var clientEmail: String { key.clientEmail }
  /// `token_uri`: where the signed JWT is traded.
  public var tokenURL: URL { key.tokenURI }

  /// A token from the cache, refreshed when 5 minutes or less remain.
  /// - Throws: `.refused` (with what `invalid_grant` usually means), `.unreachable`.
  public func accessToken() async throws(CredentialsError) -> AccessToken {
    try await cache.token()
  }

  /// The key file's `project_id`.
  public func projectID() async -> String? { key.projectID }

  /// The account, the key's size and the file; never the key.
  public var description: String {
    "ServiceAccountCredentials(\(key))"
  }

  /// As `description`.
  public var debugDescription: String { description }

  /// The key's public fields; the private key shows as its size.
  public var customMirror: Mirror {
    Mirror(self, children: ["key": key], displayStyle: .struct)
  }
}
