import Core
import FirebaseServices

/// Credentials for the Firebase tests: a fixed token (and quota project), or a failure, with a
/// count of the tokens asked for.
struct TestCredentials: AccessTokenProvider {
  /// The token every test sends: long and distinctive, so a test can look for it in errors.
  static let token = "ya29.test-token-SECRET-0123456789abcdefghijklmnopqrstuvwxyz"

  private let outcome: Result<AccessToken, CredentialsError>
  let quotaProjectID: String?
  private let requests = LockedState(0)

  /// Credentials giving `token`, naming `quotaProject` when given.
  init(token: String = Self.token, quotaProject: String? = nil) {
    outcome = .success(AccessToken(value: token, expiresAt: nil))
    quotaProjectID = quotaProject
  }

  /// Credentials that fail with `error`.
  init(failing error: CredentialsError) {
    outcome = .failure(error)
    quotaProjectID = nil
  }

  /// How many tokens were asked for.
  var tokenRequests: Int { requests.withLock { $0 } }

  func accessToken() async throws(CredentialsError) -> AccessToken {
    requests.withLock { $0 += 1 }
    return try outcome.get()
  }
}
