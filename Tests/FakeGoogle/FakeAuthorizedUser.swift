import Core

/// A person's refresh-token credentials, as `gcloud auth application-default login` writes
/// them (`"type": "authorized_user"`). Register with `FakeGoogle.register(_:)`; write the
/// file with `FakeGoogle.writeKeyFile(_:in:name:registering:)`.
public struct FakeAuthorizedUser: Sendable, Equatable {
  /// `client_id`: the OAuth client the refresh token was issued to.
  public var clientID: String
  /// `client_secret`.
  public var clientSecret: String
  /// `refresh_token`.
  public var refreshToken: String
  /// `quota_project_id`, written only when not nil (clients send it as `x-goog-user-project`).
  public var quotaProjectID: String?
  /// The person's email: the fake's `updateUser.email` for what they publish. Not in the file.
  public var email: String

  /// A user; every field has a made-up default.
  public init(
    clientID: String = "764086051850-fake.apps.googleusercontent.com",
    clientSecret: String = "fake-client-secret",
    refreshToken: String = "1//fake-refresh-token",
    quotaProjectID: String? = nil,
    email: String = "developer@example.com"
  ) {
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.refreshToken = refreshToken
    self.quotaProjectID = quotaProjectID
    self.email = email
  }

  /// The file's JSON: `client_id`, `client_secret`, `quota_project_id` (when set),
  /// `refresh_token`, `type` (firebase-services.md §2.3; firebase-admin-node
  /// `credential-internal.ts:308-323`).
  public var keyFileJSON: String {
    var file = JSONObject()
    file["client_id"] = .string(clientID)
    file["client_secret"] = .string(clientSecret)
    if let quotaProjectID { file["quota_project_id"] = .string(quotaProjectID) }
    file["refresh_token"] = .string(refreshToken)
    file["type"] = "authorized_user"
    return JSONValue.object(file).prettyJSONText + "\n"
  }
}
