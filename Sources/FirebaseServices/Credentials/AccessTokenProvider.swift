/// Where Google OAuth 2.0 access tokens come from: a fixed token, a user's refresh token, a
/// service-account key, the metadata server, or discovery of the first of these that applies
/// (Application Default Credentials).
///
/// Providers are values shared across tasks; those that fetch tokens cache them and refresh
/// them before they expire, one refresh at a time however many callers wait.
public protocol AccessTokenProvider: Sendable {
  /// A token good for at least a few more minutes.
  /// - Throws: `CredentialsError` saying what failed and what to check; it never holds a
  ///   secret.
  func accessToken() async throws(CredentialsError) -> AccessToken

  /// The project the credentials belong to, when they know one (a key file's `project_id`,
  /// the metadata server's project).
  func projectID() async -> String?

  /// The project billed for quota (`x-goog-user-project`), when the credentials name one.
  var quotaProjectID: String? { get }
}

extension AccessTokenProvider {
  /// Credentials that know no project.
  public func projectID() async -> String? { nil }

  /// Credentials that name no quota project.
  public var quotaProjectID: String? { nil }
}
