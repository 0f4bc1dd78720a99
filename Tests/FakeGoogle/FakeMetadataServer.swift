import Core
public import Foundation
public import SwitchyardTestSupport

/// A fake GCE metadata server (Cloud Run, GKE, GCE, Cloud Functions) on a port of its own, so
/// its `host` can be given as `GCE_METADATA_HOST` (firebase-services.md §2.2). Start one with
/// `FakeGoogle.startMetadataServer`: its tokens are issued on the fake's clock and accepted by
/// the fake's Remote Config APIs.
///
/// - `GET /` answers 200 with `Metadata-Flavor: Google` (the detection probe's check, google-auth
///   `_metadata.py:97-159`; gcp-metadata `index.ts:177-182`);
/// - `GET /computeMetadata/v1/instance/service-accounts/default/token[?scopes=a,b]` answers
///   `{"access_token","expires_in","token_type"}`, and 403 without the request header
///   `Metadata-Flavor: Google`;
/// - `GET /computeMetadata/v1/project/project-id` answers the project id as text, with the
///   same header rule.
///
/// Every answer carries `Metadata-Flavor: Google`, except in impostor mode.
public final class FakeMetadataServer: Sendable {
  /// One endpoint, for `enqueue` and `requests(to:)`.
  public enum Endpoint: Hashable, Sendable, CaseIterable {
    /// `GET /`, the detection probe.
    case probe
    /// The default service account's access token.
    case token
    /// The project's ID, as plain text.
    case projectID

    /// The request path, without a query.
    public var path: String {
      switch self {
      case .probe: "/"
      case .token: "/computeMetadata/v1/instance/service-accounts/default/token"
      case .projectID: "/computeMetadata/v1/project/project-id"
      }
    }
  }

  private struct State {
    var projectID: String
    var serviceAccountEmail: String
    var tokenLifetime = 3599
    var isImpostor = false
    var isStalled = false
  }

  /// The server: its request log, and `enqueue` for any path.
  public let server: LoopbackHTTPServer
  private let google: LockedState<FakeGoogleState>
  private let state: LockedState<State>

  init(google: LockedState<FakeGoogleState>, projectID: String, serviceAccountEmail: String)
    throws
  {
    server = try LoopbackHTTPServer()
    self.google = google
    state = LockedState(State(projectID: projectID, serviceAccountEmail: serviceAccountEmail))
    server.handleUnmatched { [weak self] request in
      self?.answer(request) ?? .status(503)
    }
  }

  /// Stops the server.
  public func stop() {
    server.stop()
  }

  /// `127.0.0.1:<port>`: the value for `GCE_METADATA_HOST`.
  public var host: String { "127.0.0.1:\(server.port)" }

  /// The URL of `endpoint`.
  public func url(_ endpoint: Endpoint) -> URL { server.url(endpoint.path) }

  /// What `/computeMetadata/v1/project/project-id` answers.
  public var projectID: String {
    get { state.withLock { $0.projectID } }
    set { state.withLock { $0.projectID = newValue } }
  }

  /// Who holds the tokens (`updateUser.email` of what they publish).
  public var serviceAccountEmail: String {
    get { state.withLock { $0.serviceAccountEmail } }
    set { state.withLock { $0.serviceAccountEmail = newValue } }
  }

  /// `expires_in` of the tokens, in seconds: 3599 unless set. The real server hands out
  /// cached tokens, so it is often less (a live sample showed 1967, §2.2).
  public var tokenLifetime: Int {
    get { state.withLock { $0.tokenLifetime } }
    set { state.withLock { $0.tokenLifetime = newValue } }
  }

  /// When true, the server is something else listening at the address (a captive portal, a
  /// proxy): every request gets 200 with an HTML page and no `Metadata-Flavor` header, which
  /// a client must not take for a metadata server.
  public var isImpostor: Bool {
    get { state.withLock { $0.isImpostor } }
    set { state.withLock { $0.isImpostor = newValue } }
  }

  /// When true, every request waits forever for an answer (an address that black-holes
  /// traffic), so a client's probe must give up on its own deadline.
  public var isStalled: Bool {
    get { state.withLock { $0.isStalled } }
    set { state.withLock { $0.isStalled = newValue } }
  }

  /// Queues answers for the next requests to `endpoint`, in order, before the server's own.
  public func enqueue(_ endpoint: Endpoint, _ responses: LoopbackResponse...) {
    for response in responses { server.enqueue(at: endpoint.path, response) }
  }

  /// The requests `endpoint` received, in order.
  public func requests(to endpoint: Endpoint) -> [LoopbackRequest] {
    server.requests.filter { $0.path == endpoint.path }
  }

  // MARK: - Answers

  private static let flavor = (name: "Metadata-Flavor", value: "Google")

  private func answer(_ request: LoopbackRequest) -> LoopbackResponse {
    let current = state.withLock { $0 }
    if current.isStalled { return .stall }
    if current.isImpostor {
      return LoopbackResponse(
        status: 200, headers: [(name: "Content-Type", value: "text/html")],
        body: .complete(Array("<html><body>Welcome</body></html>\n".utf8)))
    }
    let endpoint = Endpoint.allCases.first { $0.path == request.path }
    guard let endpoint, request.method == "GET" else {
      return text("Not Found\n", status: 404)
    }
    // The probe needs no header; everything under /computeMetadata does.
    if endpoint != .probe, request.header("Metadata-Flavor") != "Google" {
      return text(
        "Your client does not have permission to get URL \(request.path) from this server. "
          + "Missing Metadata-Flavor:Google header.\n", status: 403)
    }
    switch endpoint {
    case .probe:
      return text("computeMetadata/\n")
    case .projectID:
      return text(current.projectID)
    case .token:
      let scopes = Self.scopes(in: request.target)
      let token = google.withLock {
        $0.issueToken(
          email: current.serviceAccountEmail, scopes: scopes, lifetime: current.tokenLifetime)
      }
      return .json(
        [
          "access_token": .string(token),
          "expires_in": .number(JSONNumber(current.tokenLifetime)), "token_type": "Bearer",
        ], headers: [Self.flavor])
    }
  }

  private func text(_ body: String, status: Int = 200) -> LoopbackResponse {
    LoopbackResponse(
      status: status, headers: [(name: "Content-Type", value: "application/text"), Self.flavor],
      body: .complete(Array(body.utf8)))
  }

  /// The `scopes` query parameter, comma-separated (google-auth `_metadata.py:464-505`);
  /// cloud-platform, the default service account's usual scope, when absent.
  private static func scopes(in target: String) -> [String] {
    let query = URLComponents(string: "http://metadata\(target)")?.queryItems ?? []
    let scopes =
      query.first { $0.name == "scopes" }?.value?.split(separator: ",")
      .map { String($0) } ?? []
    return scopes.isEmpty ? [FakeGoogle.cloudPlatformScope] : scopes
  }
}
