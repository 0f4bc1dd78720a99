import Core
import Foundation

/// Google's Application Default Credentials: the credentials a program finds by itself, in
/// the places Google's own libraries look, so the same code runs on a laptop (gcloud's
/// login), in CI (a key file or a token) and on Cloud Run or GKE (the metadata server).
///
/// ```swift
/// let credentials = try await ApplicationDefaultCredentials.discover()
/// let project = try await ProjectIDResolver.resolve(explicit: nil, credentials: credentials)
/// ```
///
/// Discovery looks, in order, at (see `discover(environment:timeSource:)`):
/// 1. `GOOGLE_OAUTH_ACCESS_TOKEN`: a token to use as it is (`FixedTokenCredentials`);
/// 2. `GOOGLE_APPLICATION_CREDENTIALS`: a credentials file, `service_account` or
///    `authorized_user`;
/// 3. gcloud's file, `$CLOUDSDK_CONFIG/application_default_credentials.json` or else
///    `$HOME/.config/gcloud/application_default_credentials.json`;
/// 4. the metadata server (`GCE_METADATA_HOST`, else `metadata.google.internal`), when a
///    short probe finds it.
public struct ApplicationDefaultCredentials: AccessTokenProvider, CustomStringConvertible {
  /// Where the credentials were found.
  public enum Source: Sendable, Equatable, CustomStringConvertible {
    /// The token in `GOOGLE_OAUTH_ACCESS_TOKEN`.
    case accessTokenVariable
    /// The file `GOOGLE_APPLICATION_CREDENTIALS` names.
    case credentialsFileVariable(path: String)
    /// gcloud's application-default credentials file.
    case gcloudFile(path: String)
    /// The metadata server at `host[:port]`.
    case metadataServer(host: String)

    /// For example `GOOGLE_APPLICATION_CREDENTIALS (/etc/key.json)`.
    public var description: String {
      switch self {
      case .accessTokenVariable: FixedTokenCredentials.environmentVariable
      case .credentialsFileVariable(let path):
        "\(ApplicationDefaultCredentials.credentialsFileVariable) (\(Excerpt.of(path, length: 200)))"
      case .gcloudFile(let path): "gcloud's credentials file (\(Excerpt.of(path, length: 200)))"
      case .metadataServer(let host): "the metadata server (\(host))"
      }
    }
  }

  /// The environment variable naming a credentials file.
  public static let credentialsFileVariable = "GOOGLE_APPLICATION_CREDENTIALS"
  /// The environment variable naming gcloud's configuration directory.
  public static let gcloudConfigVariable = "CLOUDSDK_CONFIG"
  /// The name of gcloud's credentials file in its configuration directory.
  public static let gcloudFileName = "application_default_credentials.json"

  /// Where the credentials were found.
  public let source: Source
  /// The credentials themselves: `FixedTokenCredentials`, `AuthorizedUserCredentials`,
  /// `ServiceAccountCredentials` or `MetadataServerCredentials`.
  public let credentials: any AccessTokenProvider

  init(source: Source, credentials: any AccessTokenProvider) {
    self.source = source
    self.credentials = credentials
  }

  /// A token from `credentials`, the provider discovery chose.
  public func accessToken() async throws(CredentialsError) -> AccessToken {
    try await credentials.accessToken()
  }

  /// The credentials' project: a key file's `project_id`, the metadata server's project.
  public func projectID() async -> String? {
    await credentials.projectID()
  }

  /// `credentials`' project billed for quota (`x-goog-user-project`), when they name one.
  public var quotaProjectID: String? { credentials.quotaProjectID }

  /// The credentials and where they were found; never a secret.
  public var description: String {
    "ApplicationDefaultCredentials(\(credentials), from \(source))"
  }

  /// The credentials in the file at `path`, by its `type`: `service_account` or
  /// `authorized_user`.
  /// - Throws: `.invalidFile` for a file that cannot be read or is not valid; `.unsupported`
  ///   for another kind of Google credentials (`impersonated_service_account`,
  ///   `external_account`, ...), naming the type and the file.
  static func credentials(
    contentsOfFile path: String, environment: [String: String], timeSource: any TimeSource
  ) throws(CredentialsError) -> any AccessTokenProvider {
    let file = try CredentialsFile(contentsOfFile: path)
    switch file.type {
    case "service_account":
      return try ServiceAccountCredentials(file: file, timeSource: timeSource)
    case "authorized_user":
      return try AuthorizedUserCredentials(
        file: file, environment: environment, timeSource: timeSource)
    case let type? where CredentialsFile.unsupportedTypes.contains(type):
      throw CredentialsError(
        .unsupported,
        "credentials file \(Excerpt.of(path, length: 200)) holds credentials of type "
          + "'\(type)', which Switchyard does not support yet: use a service-account key file "
          + "(type 'service_account') or gcloud's login (`gcloud auth application-default "
          + "login`, type 'authorized_user')")
    case let type?:
      throw CredentialsFile.invalid(
        path,
        "type: \(Excerpt.quoted(type)) is not a kind of Google credentials (expected "
          + "'service_account' or 'authorized_user')")
    case nil:
      throw CredentialsFile.invalid(
        path, "type: missing (expected 'service_account' or 'authorized_user')")
    }
  }
}
