public import Core

/// The credentials of the service account a Google compute platform (Cloud Run, GKE, Compute
/// Engine, Cloud Functions) attaches to the code it runs, from its metadata server: tokens
/// from `/computeMetadata/v1/instance/service-accounts/default/token`, the project from
/// `/computeMetadata/v1/project/project-id`.
///
/// The server is `metadata.google.internal`, or `GCE_METADATA_HOST` (`host[:port]`) when
/// set. Its requests carry no secret, and every answer must carry `Metadata-Flavor:
/// Google`. Tokens are cached and refreshed 5 minutes before they expire (see
/// `TokenCache`); the project is asked once.
///
/// Made directly, these credentials assume the server is there; `ApplicationDefaultCredentials`
/// uses them only after a short probe found it.
public struct MetadataServerCredentials: AccessTokenProvider, CustomStringConvertible {
  /// The environment variable naming the server's `host[:port]`.
  public static let hostVariable = MetadataServer.hostVariable
  /// The server's name on Google's platforms.
  public static let defaultHost = MetadataServer.defaultHost

  private let server: MetadataServer
  private let cache: TokenCache
  private let project: ProjectIDCache

  /// The server at `host` (`host[:port]`).
  /// - Parameter timeSource: the clock for expiry and request deadlines.
  /// - Throws: `.invalidValue` when `host` is not `host[:port]`.
  public init(host: String = defaultHost, timeSource: any TimeSource = SystemTimeSource())
    throws(CredentialsError)
  {
    self.init(server: try MetadataServer(host: host, time: timeSource))
  }

  /// The server `GCE_METADATA_HOST` names in `environment`, else `metadata.google.internal`.
  /// - Throws: `.invalidValue` naming the variable when it is not `host[:port]`.
  public init(environment: [String: String], timeSource: any TimeSource = SystemTimeSource())
    throws(CredentialsError)
  {
    self.init(server: try MetadataServer(environment: environment, time: timeSource))
  }

  /// Credentials from `server`.
  init(server: MetadataServer) {
    self.server = server
    cache = TokenCache(time: server.time) { () async throws(CredentialsError) -> AccessToken in
      try await server.token()
    }
    project = ProjectIDCache()
  }

  /// `host[:port]` of the server.
  public var host: String { server.host }

  /// A token from the cache, refreshed when 5 minutes or less remain.
  /// - Throws: `.unreachable` when the server does not answer; `.refused` when it refuses
  ///   (no service account attached) or is not a metadata server.
  public func accessToken() async throws(CredentialsError) -> AccessToken {
    try await cache.token()
  }

  /// The project the code runs in, asked of the server once; nil when the server cannot
  /// tell (asked again next time).
  public func projectID() async -> String? {
    try? await requireProjectID()
  }

  /// The project, or why the server could not tell (for messages that say why no project
  /// was found).
  func requireProjectID() async throws(CredentialsError) -> String {
    let server = self.server
    return try await project.value { () async throws(CredentialsError) -> String in
      try await server.projectID()
    }
  }

  /// `MetadataServerCredentials(metadata.google.internal)`.
  public var description: String { "MetadataServerCredentials(\(server.host))" }
}

/// The project ID, asked for once and kept once known; while unknown (the server failed),
/// each call asks again.
private actor ProjectIDCache {
  private var known: String?

  func value(
    _ fetch: @Sendable () async throws(CredentialsError) -> String
  ) async throws(CredentialsError) -> String {
    if let known { return known }
    let fetched = try await fetch()
    known = known ?? fetched
    return known ?? fetched
  }
}
