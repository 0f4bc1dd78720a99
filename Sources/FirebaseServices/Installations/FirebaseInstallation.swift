import ConfigClient
import Core
import Foundation

/// One Firebase installation as registered: its id, its refresh token, its current auth token
/// and when that expires, and the app and project it was registered for (an installation of
/// another app id or project is not reused: the app registers anew).
///
/// Kept in the client's state file (`TemplateSource.savedState()`), as Firebase's own SDKs
/// keep it on the device (the keychain, IndexedDB, SharedPreferences). Its description shows
/// the id and the expiry, never a token.
struct FirebaseInstallation: Sendable, Equatable, RedactedDescription {
  /// The installation id (FID).
  var fid: String
  /// The long-lived token that gets new auth tokens (`Authorization: FIS_v2 <token>`).
  var refreshToken: String
  /// The token the app fetch and the real-time stream send.
  var authToken: String
  /// When `authToken` stops working.
  var authTokenExpiresAt: Date
  /// The app id it was registered for.
  var appID: String
  /// The project it was registered in.
  var projectID: String

  /// The longest token kept, in UTF-8 bytes: Google's are about 1 KB. A longer one is an
  /// invalid answer, so the saved state stays within `RemoteConfigLimits.sourceStateBytes`.
  static let maximumTokenBytes = 8 * 1024

  /// Whether it was registered for `options`' app and project.
  func belongs(to options: FirebaseAppOptions) -> Bool {
    appID == options.appID && projectID == options.projectID
  }

  /// Its saved form: `{"fid", "refreshToken", "authToken", "authTokenExpiresAt", "appId",
  /// "project"}`, the time in exact seconds since 1970.
  var json: JSONValue {
    [
      "fid": .string(fid), "refreshToken": .string(refreshToken),
      "authToken": .string(authToken),
      "authTokenExpiresAt": ClientStateFile.seconds(authTokenExpiresAt),
      "appId": .string(appID), "project": .string(projectID),
    ]
  }

  /// An installation as made.
  init(
    fid: String, refreshToken: String, authToken: String, authTokenExpiresAt: Date,
    appID: String, projectID: String
  ) {
    self.fid = fid
    self.refreshToken = refreshToken
    self.authToken = authToken
    self.authTokenExpiresAt = authTokenExpiresAt
    self.appID = appID
    self.projectID = projectID
  }

  /// Reads a saved installation; nil when any field is missing or not what it should be (the
  /// app then registers anew, which costs one request).
  init?(json: JSONValue) {
    func text(_ name: String) -> String? {
      guard let value = json[name]?.stringValue, !value.isEmpty,
        value.utf8.count <= Self.maximumTokenBytes
      else { return nil }
      return value
    }
    guard let fid = text("fid"), FirebaseInstallationID.isAcceptable(fid),
      let refreshToken = text("refreshToken"), let authToken = text("authToken"),
      let appID = text("appId"), let projectID = text("project"),
      let expiry = json["authTokenExpiresAt"].flatMap(ClientStateFile.date)
    else { return nil }
    self.init(
      fid: fid, refreshToken: refreshToken, authToken: authToken,
      authTokenExpiresAt: expiry, appID: appID, projectID: projectID)
  }

  /// `FirebaseInstallation(fid: c..., tokens redacted, auth token expires ...)`.
  var redactedSummary: String {
    "FirebaseInstallation(fid: \(fid), tokens redacted, auth token expires "
      + "\(Timestamp.format(authTokenExpiresAt)))"
  }
}
