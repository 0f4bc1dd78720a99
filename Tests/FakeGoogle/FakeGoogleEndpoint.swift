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
  /// `POST /v1/projects/{project}/installations`: Firebase Installations' registration
  /// (firebase-services.md §4).
  case installations(project: String)
  /// `POST /v1/projects/{project}/installations/{fid}/authTokens:generate`.
  case authToken(project: String, fid: String)
  /// `POST /v1/projects/{project}/namespaces/firebase:fetch`: the app fetch
  /// (firebase-rc-client.md §2.1).
  case appFetch(project: String)
  /// `POST /v1/projects/{project}/namespaces/firebase:streamFetchInvalidations`: the
  /// real-time stream (firebase-rc-client.md §2.4).
  case realtime(project: String)

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
    case .installations(let project):
      "/v1/projects/\(project)/installations"
    case .authToken(let project, let fid):
      "/v1/projects/\(project)/installations/\(fid)/authTokens:generate"
    case .appFetch(let project):
      "/v1/projects/\(project)/namespaces/firebase:fetch"
    case .realtime(let project):
      "/v1/projects/\(project)/namespaces/firebase:streamFetchInvalidations"
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
    switch resource {
    case "/namespaces/firebase-server/serverRemoteConfig":
      self = .serverTemplate(project: project)
      return
    case "/installations":
      self = .installations(project: project)
      return
    case "/namespaces/firebase:fetch":
      self = .appFetch(project: project)
      return
    case "/namespaces/firebase:streamFetchInvalidations":
      self = .realtime(project: project)
      return
    default:
      break
    }
    let tokenSuffix = "/authTokens:generate"
    if resource.hasPrefix("/installations/"), resource.hasSuffix(tokenSuffix) {
      let fid = resource.dropFirst("/installations/".count).dropLast(tokenSuffix.count)
      guard !fid.isEmpty, !fid.contains("/") else { return nil }
      self = .authToken(project: project, fid: String(fid))
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
