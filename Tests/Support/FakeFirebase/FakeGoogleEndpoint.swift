/// One endpoint of the fake Google, for scripting answers (`FakeGoogle.enqueue`) and reading
/// what arrived (`FakeGoogle.requests(to:)`). Paths are those of
/// `shared/research/firebase-services.md` §1.1 and §3.1.
public enum FakeGoogleEndpoint: Hashable, Sendable {
  /// `POST /token`, OAuth 2.0's token endpoint (both grants).
  case token
  /// `GET /v1/projects/{project}/namespaces/firebase-server/serverRemoteConfig`.
  case serverTemplate(project: String)
  /// `GET` and `PUT /v1/projects/{project}/remoteConfig` (or the firebase-server namespace's).
  case remoteConfig(project: String, namespace: FakeRemoteConfigNamespace = .firebase)
  /// `GET .../remoteConfig:listVersions`.
  case listVersions(project: String, namespace: FakeRemoteConfigNamespace = .firebase)
  /// `POST .../remoteConfig:rollback`.
  case rollback(project: String, namespace: FakeRemoteConfigNamespace = .firebase)

  /// The request path, without a query.
  public var path: String {
    switch self {
    case .token: "/token"
    case .serverTemplate(let project):
      "/v1/projects/\(project)/namespaces/firebase-server/serverRemoteConfig"
    case .remoteConfig(let project, let namespace):
      "/v1/projects/\(project)\(namespace.resourcePath)"
    case .listVersions(let project, let namespace):
      "/v1/projects/\(project)\(namespace.resourcePath):listVersions"
    case .rollback(let project, let namespace):
      "/v1/projects/\(project)\(namespace.resourcePath):rollback"
    }
  }

  /// The endpoint a request path names, or nil for a path the fake does not serve.
  init?(path: String) {
    if path == "/token" {
      self = .token
      return
    }
    let prefix = "/v1/projects/"
    guard path.hasPrefix(prefix) else { return nil }
    let rest = path.dropFirst(prefix.count)
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let project = String(rest[..<slash])
    guard !project.isEmpty, !project.contains(":") else { return nil }
    let resource = String(rest[slash...])
    if resource == "/namespaces/firebase-server/serverRemoteConfig" {
      self = .serverTemplate(project: project)
      return
    }
    for namespace in FakeRemoteConfigNamespace.allCases {
      switch resource {
      case namespace.resourcePath:
        self = .remoteConfig(project: project, namespace: namespace)
        return
      case namespace.resourcePath + ":listVersions":
        self = .listVersions(project: project, namespace: namespace)
        return
      case namespace.resourcePath + ":rollback":
        self = .rollback(project: project, namespace: namespace)
        return
      default:
        continue
      }
    }
    return nil
  }
}
