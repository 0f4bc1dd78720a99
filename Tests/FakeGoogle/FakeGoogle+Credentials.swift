import Core
import FirebaseServices
import Foundation
public import SwitchyardTestSupport

extension FakeGoogle {
  /// Trusts `account`: the token endpoint accepts JWTs it signs (and no others with its
  /// email). Registering it again replaces its key, as rotating a key does.
  /// - Throws: `SetupError` when `account.privateKeyPEM` is not an RSA private key.
  public func register(_ account: FakeServiceAccount) throws {
    guard let publicKey = RSAPublicKey(privateKeyPEM: account.privateKeyPEM) else {
      throw SetupError(description: "the private key of \(account.clientEmail) is not an RSA key")
    }
    state.withLock {
      $0.serviceAccounts[account.clientEmail] = RegisteredServiceAccount(
        account: account, publicKey: publicKey)
    }
  }

  /// Honours `user`'s refresh token (with its client id and secret).
  public func register(_ user: FakeAuthorizedUser) {
    state.withLock { $0.authorizedUsers[user.refreshToken] = user }
  }

  /// Forgets the account: its JWTs get "account not found", as after deleting it.
  public func unregister(_ account: FakeServiceAccount) {
    state.withLock { _ = $0.serviceAccounts.removeValue(forKey: account.clientEmail) }
  }

  /// Forgets the user's refresh token: "Token has been expired or revoked."
  public func unregister(_ user: FakeAuthorizedUser) {
    state.withLock { _ = $0.authorizedUsers.removeValue(forKey: user.refreshToken) }
  }

  /// Writes `account`'s key file, whose `token_uri` is this fake's `tokenURL`, to `name` in
  /// `directory` and returns its path; registers the account unless told not to (a key file
  /// Google no longer knows).
  @discardableResult
  public func writeKeyFile(
    _ account: FakeServiceAccount, in directory: TemporaryDirectory,
    name: String = "service-account.json", registering: Bool = true
  ) throws -> String {
    if registering { try register(account) }
    return try directory.write(name, account.keyFileJSON(tokenURI: tokenURL))
  }

  /// Writes `user`'s `authorized_user` file to `name` in `directory` and returns its path;
  /// registers the user unless told not to. The file names no token URL: refresh-token
  /// clients are pointed at `tokenURL` another way (`SWITCHYARD_OAUTH_TOKEN_URL`).
  @discardableResult
  public func writeKeyFile(
    _ user: FakeAuthorizedUser, in directory: TemporaryDirectory,
    name: String = "application_default_credentials.json", registering: Bool = true
  ) throws -> String {
    if registering { register(user) }
    return try directory.write(name, user.keyFileJSON)
  }

  /// Accepts `token` on the Remote Config APIs from now on, as held by `email` with `scopes`,
  /// without expiry: a token minted elsewhere (`GOOGLE_OAUTH_ACCESS_TOKEN`).
  public func acceptAccessToken(
    _ token: String, email: String = "token-holder@example.com",
    scopes: [String] = [cloudPlatformScope]
  ) {
    state.withLock {
      $0.accessTokens[token] = IssuedAccessToken(email: email, scopes: scopes, expiresAt: nil)
    }
  }

  /// Stops accepting every access token issued or accepted so far, as revoking them does;
  /// the Remote Config APIs answer 401 to them.
  public func revokeAccessTokens() {
    state.withLock { $0.accessTokens.removeAll() }
  }

  /// The access tokens issued so far (token endpoint and metadata servers), in order.
  public var issuedAccessTokens: [String] {
    state.withLock { $0.issuedTokens }
  }

  /// Starts a metadata server whose tokens this fake's Remote Config APIs accept; `stop()`
  /// stops it too.
  public func startMetadataServer(
    projectID: String = "switchyard-fake",
    serviceAccountEmail: String = "1234567890-compute@developer.gserviceaccount.com"
  ) throws -> FakeMetadataServer {
    let metadata = try FakeMetadataServer(
      google: state, projectID: projectID, serviceAccountEmail: serviceAccountEmail)
    metadataServers.withLock { $0.append(metadata) }
    return metadata
  }
}
