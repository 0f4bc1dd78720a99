import Core
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
  /// The projects served, by id.
  var projects: [String: FakeProject] = [:]
  /// The answer to a stale or missing `If-Match`.
  var staleETagAnswer = FakeGoogle.StaleETagAnswer.versionMismatch400
  /// When set, the validation error every PUT gets.
  var validationError: String?
  /// The Firebase apps registered, by app id.
  var apps: [String: FakeFirebaseApp] = [:]
  /// The installations registered, by FID.
  var installations: [String: FakeInstallation] = [:]
  /// How many installation tokens (refresh and auth) were issued: numbers them.
  var installationTokenCount = 0
  /// The status a registration answers with: 200 unless set (iOS expects 201; both work).
  var registrationStatus = 200
  /// When set, the FID the next registration answers with instead of the one sent.
  var replacementFID: String?
  /// `expiresIn` of the auth tokens issued, in seconds: 604800 (7 days) unless set.
  var authTokenLifetime = 604_800
  /// Metadata members the app fetch answers with, by project: `experimentDescriptions`,
  /// `personalizationMetadata`, `rolloutMetadata`.
  var appFetchMetadata: [String: JSONObject] = [:]
  /// The open real-time streams.
  var realtimeConnections: [FakeRealtimeConnection] = []
  /// Waiters for a number of real-time connections.
  var realtimeWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// When set for a project, the stream is refused with this status and message.
  var realtimeRefusals: [String: (status: Int, message: String)] = [:]

  /// Issues `ya29.fake-<n>` for `email`, valid for `lifetime` seconds from `now`.
  mutating func issueToken(email: String, scopes: [String], lifetime: Int) -> String {
    let token = "ya29.fake-\(issuedTokens.count + 1)"
    issuedTokens.append(token)
    accessTokens[token] = IssuedAccessToken(
      email: email, scopes: scopes, expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    return token
  }

  /// Stores `content` as the next version of `namespace`'s template in `project`, with a
  /// `version` object from `metadata`; the stored template and its etag, or nil for a project
  /// the fake does not serve.
  mutating func publish(
    _ content: JSONObject, project: String, namespace: FakeRemoteConfigNamespace,
    metadata: VersionMetadata
  ) -> (template: JSONObject, etag: String)? {
    guard var record = projects[project] else { return nil }
    var history = record.histories[namespace] ?? TemplateHistory()
    let stored = history.publish(content, metadata: metadata)
    record.histories[namespace] = history
    projects[project] = record
    return (stored, record.etag(version: history.currentNumber))
  }
}
