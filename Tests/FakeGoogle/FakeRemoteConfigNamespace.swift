/// The Remote Config namespaces the fake's management API serves: the client template and
/// the server template (RC REST `projects.namespaces/getRemoteConfig`: "use `firebase-server`
/// as the namespace for the server template; if the name is omitted, the client template
/// (`firebase`) is used").
public enum FakeRemoteConfigNamespace: String, Sendable, Hashable, CaseIterable {
  /// The client template, `/v1/projects/{project}/remoteConfig`.
  case firebase = "firebase"
  /// The server template, `/v1/projects/{project}/namespaces/firebase-server/remoteConfig`;
  /// its current version is also what `serverRemoteConfig` serves.
  case firebaseServer = "firebase-server"

  /// The path of the namespace's template below `/v1/projects/{project}`: the client
  /// template keeps the short form every admin SDK uses (firebase-admin-node
  /// `remote-config-api-client-internal.ts:70-86`).
  var resourcePath: String {
    switch self {
    case .firebase: "/remoteConfig"
    case .firebaseServer: "/namespaces/firebase-server/remoteConfig"
    }
  }
}
