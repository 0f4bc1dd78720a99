import Core
public import Foundation
public import SwitchyardTestSupport

/// A fake Google on 127.0.0.1 that speaks Google's protocols as
/// `shared/research/firebase-services.md` describes them, so credentials, the server-template
/// source, the management client and the tool are tested through real HTTP.
///
/// One `LoopbackHTTPServer` serves:
/// - `POST /token`, OAuth 2.0's token endpoint: the JWT-bearer grant of service accounts
///   (every claim and the RS256 signature checked) and the refresh-token grant of
///   `authorized_user` credentials (§2.3, §2.4);
/// - `GET /v1/projects/{project}/namespaces/firebase-server/serverRemoteConfig` (§1);
/// - the Remote Config management API for the `firebase` and `firebase-server` namespaces
///   (§3);
/// - a Firebase app's endpoints: Firebase Installations (registration and auth tokens, §4),
///   the app fetch, which evaluates the project's client template with Switchyard's engine
///   for the signals in the request (firebase-rc-client.md §2.1, §2.2), and the real-time
///   stream, which announces each client-template publish (§2.4). `addApp` registers an app
///   and its API key; the three bases (`FIREBASE_REMOTE_CONFIG_URL_BASE`,
///   `SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE`, `SWITCHYARD_FIREBASE_REALTIME_URL_BASE`)
///   are all `baseURL`.
///
/// `startMetadataServer` adds a GCE metadata server on a port of its own (§2.2). Every answer
/// is computed from the fake's state; `enqueue` puts scripted answers (a 500, a stall, an
/// error body) in front of the next requests to an endpoint. Times come from `now`, which
/// tests set: nothing reads the system clock. Like the loopback server it runs on, a fake
/// must be stopped (`with` does it).
///
/// ```swift
/// try await FakeGoogle.with { google in
///   let directory = try TemporaryDirectory()
///   let keyFile = try google.writeKeyFile(try FakeServiceAccount.fixture(), in: directory)
///   google.addProject("demo")
///   try google.publishTemplate(json, project: "demo", namespace: .firebaseServer)
///   // GOOGLE_APPLICATION_CREDENTIALS = keyFile
///   // FIREBASE_REMOTE_CONFIG_URL_BASE = google.baseURL.absoluteString
///   // then: google.requests(to: .serverTemplate(project: "demo")), google.etag(project: ...)
/// }
/// ```
public final class FakeGoogle: Sendable {
  /// When the fake gzip-encodes a body.
  public enum GzipPolicy: Sendable, Equatable {
    /// When the request's `Accept-Encoding` lists `gzip`, as Google's front end does.
    case whenAccepted
    /// Always, whatever the request says (a proxy that ignores `Accept-Encoding`).
    case always
    /// Never.
    case never
  }

  /// Why a fake could not be set up.
  public struct SetupError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }

  /// The scope every Google Cloud API accepts, the Remote Config API too.
  public static let cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"
  /// The narrower scope the Remote Config API also accepts (RC REST, firebase-services.md
  /// §2.6).
  public static let remoteConfigScope = "https://www.googleapis.com/auth/firebase.remoteconfig"

  /// The server everything is served on: its request log, and `enqueue` for any path.
  public let server: LoopbackHTTPServer
  let state: LockedState<FakeGoogleState>
  let metadataServers = LockedState<[FakeMetadataServer]>([])

  /// Starts a fake Google with its clock at `TestTime.start`.
  public init() throws {
    server = try LoopbackHTTPServer()
    state = LockedState(FakeGoogleState(now: TestTime.start))
    server.handleUnmatched { [weak self] request in
      self?.answer(request) ?? .status(503)
    }
  }

  /// Runs `body` with a fresh fake and stops it (and its metadata servers) however `body`
  /// ends.
  public static func with(_ body: (FakeGoogle) async throws -> Void) async throws {
    let google = try FakeGoogle()
    defer { google.stop() }
    try await body(google)
  }

  /// Stops the server and every metadata server started from this fake.
  public func stop() {
    server.stop()
    for metadata in metadataServers.withLock({ $0 }) { metadata.stop() }
  }

  // MARK: - Addresses

  /// `http://127.0.0.1:<port>`: the Remote Config URL base (`FIREBASE_REMOTE_CONFIG_URL_BASE`).
  public var baseURL: URL { server.url("") }

  /// `http://127.0.0.1:<port>/token`: the token endpoint, which key files written by the fake
  /// name as `token_uri` and which a service account's JWT must have as `aud`.
  public var tokenURL: URL { server.url(FakeGoogleEndpoint.token.path) }

  /// The URL of `endpoint`.
  public func url(_ endpoint: FakeGoogleEndpoint) -> URL { server.url(endpoint.path) }

  // MARK: - Knobs

  /// The fake's clock, `TestTime.start` until a test sets it: JWT times are checked against
  /// it, tokens expire by it and published versions are stamped with it.
  public var now: Date {
    get { state.withLock { $0.now } }
    set { state.withLock { $0.now = newValue } }
  }

  /// Moves `now` forward by `seconds`.
  public func advance(by seconds: TimeInterval) {
    state.withLock { $0.now.addTimeInterval(seconds) }
  }

  /// `expires_in` of the token endpoint's answers, in seconds; 3599 unless set, as Google
  /// answers. A token stops being accepted that long after it was issued, by `now`.
  public var tokenLifetime: Int {
    get { state.withLock { $0.tokenLifetime } }
    set { state.withLock { $0.tokenLifetime = newValue } }
  }

  /// How far a JWT's `iat` may be from `now`, either way, in seconds: 300 unless set. Google
  /// publishes no figure; its refusal says "in a reasonable timeframe".
  public var allowedClockSkew: TimeInterval {
    get { state.withLock { $0.allowedClockSkew } }
    set { state.withLock { $0.allowedClockSkew = newValue } }
  }

  /// When bodies are gzip-encoded: `.whenAccepted` unless set.
  public var gzip: GzipPolicy {
    get { state.withLock { $0.gzip } }
    set { state.withLock { $0.gzip = newValue } }
  }

  // MARK: - Scripting and the log

  /// Queues answers for the next requests to `endpoint`, in order, before the fake's own.
  /// For failures: `.status(500)`, `.stall`, `.oauthError(error:description:)`,
  /// `.googleError(code:status:message:)`.
  public func enqueue(_ endpoint: FakeGoogleEndpoint, _ responses: LoopbackResponse...) {
    for response in responses { server.enqueue(at: endpoint.path, response) }
  }

  /// The requests `endpoint` received, in order, scripted answers included.
  public func requests(to endpoint: FakeGoogleEndpoint) -> [LoopbackRequest] {
    server.requests.filter { $0.path == endpoint.path }
  }

  // MARK: - Routing

  /// The fake's answer to a request no scripted answer took.
  private func answer(_ request: LoopbackRequest) -> LoopbackResponse {
    let response: LoopbackResponse
    switch FakeGoogleEndpoint(path: request.path) {
    case .token: response = answerToken(request)
    case .serverTemplate(let project): response = answerServerTemplate(request, project: project)
    case .remoteConfig(let project, let namespace):
      response = answerRemoteConfig(request, project: project, namespace: namespace)
      // A publish through the management API reaches the open real-time streams.
      announceNewVersions()
    case .listVersions(let project, let namespace):
      response = answerListVersions(request, project: project, namespace: namespace)
    case .rollback(let project, let namespace):
      response = answerRollback(request, project: project, namespace: namespace)
      announceNewVersions()
    case .installations(let project): response = answerCreateInstallation(request, project: project)
    case .authToken(let project, let fid):
      response = answerGenerateAuthToken(request, project: project, fid: fid)
    case .appFetch(let project): response = answerAppFetch(request, project: project)
    case .realtime(let project): response = answerRealtime(request, project: project)
    case nil: response = FakeGoogleErrors.methodNotFound
    }
    return encoded(response, for: request)
  }

  /// `response` gzip-encoded when the policy says so for `request`.
  private func encoded(_ response: LoopbackResponse, for request: LoopbackRequest)
    -> LoopbackResponse
  {
    guard case .complete(let body) = response.body, response.status != 304 else { return response }
    switch gzip {
    case .never: return response
    case .whenAccepted: guard Self.acceptsGzip(request) else { return response }
    case .always: break
    }
    var encoded = response
    encoded.headers.append((name: "Content-Encoding", value: "gzip"))
    encoded.body = .complete(StoredGzip.encode(body))
    return encoded
  }

  /// Whether `Accept-Encoding` lists `gzip` (or `*`) with a quality above zero (RFC 9110
  /// §12.5.3).
  static func acceptsGzip(_ request: LoopbackRequest) -> Bool {
    guard let header = request.header("Accept-Encoding") else { return false }
    for item in header.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let coding = parts.first?.lowercased(), coding == "gzip" || coding == "*" else {
        continue
      }
      let quality = parts.dropFirst().first { $0.lowercased().hasPrefix("q=") }
        .flatMap { Double($0.dropFirst(2)) }
      if (quality ?? 1) > 0 { return true }
    }
    return false
  }
}
