/// Which of a project's two Remote Config templates a call is about.
///
/// Firebase keeps one template per namespace: `firebase`, the client template that apps
/// fetch (conditions as expressions), and `firebase-server`, the server template that the
/// Admin SDKs evaluate (conditions as JSON trees).
public enum RemoteConfigNamespace: String, Sendable, Hashable, CaseIterable {
  /// `firebase`: the client template, at `/v1/projects/{P}/remoteConfig`.
  case client = "firebase"
  /// `firebase-server`: the server template, at
  /// `/v1/projects/{P}/namespaces/firebase-server/remoteConfig`.
  case server = "firebase-server"

  /// The path of the namespace's template resource after `/v1/projects/{P}`: the client
  /// template keeps its short form, as firebase-admin-node and firebase-tools call it; the
  /// REST reference says an omitted namespace means `firebase`.
  var remoteConfigPath: String {
    switch self {
    case .client: "/remoteConfig"
    case .server: "/namespaces/firebase-server/remoteConfig"
    }
  }
}
