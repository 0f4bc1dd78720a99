import ConfigClient
import Core
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `FirebaseServerTemplateSource` against a loopback server standing in for Google: the
/// request it sends, and every answer mapped to the client's vocabulary.
@Suite("FirebaseServerTemplateSource", .timeLimit(.minutes(3)))
struct FirebaseServerTemplateSourceTests {
  static let path = "/v1/projects/my-app/namespaces/firebase-server/serverRemoteConfig"
  static let template =
    #"{"parameters": {"greeting": {"defaultValue": {"value": "hi"}}}, "version": {"versionNumber": "5"}}"#
  static let timeout = Duration.seconds(30)

  static func source(
    _ server: LoopbackHTTPServer, project: String = "my-app",
    credentials: TestCredentials = TestCredentials(), time: any TimeSource = SystemTimeSource()
  ) throws -> FirebaseServerTemplateSource {
    FirebaseServerTemplateSource(
      projectID: project, credentials: credentials,
      endpoint: try FirebaseEndpoint(
        environment: ["FIREBASE_REMOTE_CONFIG_URL_BASE": server.url("").absoluteString]),
      timeSource: time)
  }

  static func googleError(_ status: Int, _ code: String, _ message: String) -> LoopbackResponse {
    let body: JSONValue = [
      "error": [
        "code": .number(JSONNumber(status)), "message": .string(message), "status": .string(code),
      ]
    ]
    return LoopbackResponse(
      status: status, headers: [(name: "Content-Type", value: "application/json")],
      body: .complete(Array(body.jsonText.utf8)))
  }

  @Test(
    "the GET carries the bearer token, X-Firebase-Client, Accept-Encoding: gzip and no If-None-Match at first"
  )
  func requestHeaders() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: Self.path, Self.template, etag: "etag-123456789012-5")
      _ = try await Self.source(server).fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      let request = try #require(server.requests.first)
      #expect(request.method == "GET")
      #expect(request.target == Self.path)
      #expect(request.header("Authorization") == "Bearer \(TestCredentials.token)")
      #expect(request.header("X-Firebase-Client") == "switchyard/\(SwitchyardVersion.current)")
      #expect(request.header("Accept-Encoding") == "gzip")
      #expect(request.header("If-None-Match") == nil)
      #expect(request.header("x-goog-user-project") == nil)
    }
  }

  @Test("a quota project goes out as x-goog-user-project")
  func quotaProject() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: Self.path, Self.template, etag: "e")
      let source = try Self.source(
        server, credentials: TestCredentials(quotaProject: "billing-project"))
      _ = try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      #expect(server.requests.first?.header("x-goog-user-project") == "billing-project")
    }
  }

  @Test("200 is the body as received, with the ETag response header as its etag")
  func etagFromHeader() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: Self.path, Self.template, etag: "etag-123456789012-5")
      let response = try await Self.source(server).fetchTemplate(TemplateFetchRequest(
        etag: nil, timeout: Self.timeout))
      #expect(response == .template(body: Array(Self.template.utf8), etag: "etag-123456789012-5"))
    }
  }

  @Test("a known etag goes out as If-None-Match and 304 is notModified")
  func notModified() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: Self.path, Self.template, etag: "etag-1-5")
      let source = try Self.source(server)
      let unchanged = try await source.fetchTemplate(TemplateFetchRequest(etag: "etag-1-5", timeout: Self.timeout))
      let changed = try await source.fetchTemplate(TemplateFetchRequest(etag: "etag-1-4", timeout: Self.timeout))
      #expect(unchanged == .notModified)
      #expect(changed == .template(body: Array(Self.template.utf8), etag: "etag-1-5"))
      #expect(server.requests.map { $0.header("If-None-Match") } == ["etag-1-5", "etag-1-4"])
    }
  }

  @Test("a 200 without an ETag header is refused, as firebase-admin-node refuses it")
  func missingETag() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.path, .ok(Self.template))
      await #expect(
        throws: TemplateSourceError.invalidResponse(
          "ETag header is not present in the server response")
      ) {
        try await Self.source(server).fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
    }
  }

  @Test(
    "401, 403 and 404 carry Google's status and message and say what to check",
    arguments: [
      (
        401, "UNAUTHENTICATED", "Request had invalid authentication credentials.",
        "check the credentials"
      ),
      (
        403, "PERMISSION_DENIED", "The caller does not have permission",
        "roles/firebase.remoteConfigViewer"
      ),
      (404, "NOT_FOUND", "Requested entity was not found.", "check the project id"),
    ])
  func configurationErrors(status: Int, code: String, message: String, hint: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.path, Self.googleError(status, code, message))
      let error = await #expect(throws: TemplateSourceError.self) {
        try await Self.source(server).fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
      guard let google = error?.underlying(as: GoogleAPIError.self) else {
        Issue.record("expected Google's error, got \(String(describing: error))")
        return
      }
      #expect(google.httpStatus == status)
      #expect(google.status == code)
      #expect(google.message == message)
      #expect(google.hint?.contains(hint) == true)
      let text = String(describing: error)
      #expect(text.contains(message) && text.contains(hint) && text.contains(code))
      #expect(!text.contains(TestCredentials.token))
    }
  }

  @Test("429 and 5xx are service errors with their Retry-After")
  func overload() async throws {
    try await LoopbackHTTPServer.with { server in
      var response = Self.googleError(429, "RESOURCE_EXHAUSTED", "Quota exceeded")
      response.headers.append((name: "Retry-After", value: "120"))
      server.enqueue(at: Self.path, response)
      let error = await #expect(throws: TemplateSourceError.self) {
        try await Self.source(server).fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
      #expect(
        error
          == .underlying(
            GoogleAPIError(
              httpStatus: 429, code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded",
              retryAfter: .seconds(120)
            ).sourceFailure))
    }
  }

  @Test("no token is a credentials error, and nothing is sent")
  func credentialsFailure() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: Self.path, Self.template, etag: "e")
      let failure = CredentialsError(.refused, "invalid_grant: the refresh token was revoked")
      let source = try Self.source(server, credentials: TestCredentials(failing: failure))
      let error = await #expect(throws: TemplateSourceError.underlying(failure.sourceFailure)) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
      #expect(
        error?.description
          == "no access token for the template source: invalid_grant: the refresh token was revoked"
      )
      #expect(server.requests.isEmpty)
    }
  }

  @Test("an empty project id is a credentials error naming what to set, and nothing is sent")
  func emptyProject() async throws {
    try await LoopbackHTTPServer.with { server in
      let credentials = TestCredentials()
      let source = try Self.source(server, project: "", credentials: credentials)
      let error = await #expect(throws: TemplateSourceError.self) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
      }
      guard let problem = error?.underlying(as: CredentialsError.self) else {
        Issue.record("expected a credentials error, got \(String(describing: error))")
        return
      }
      #expect(problem.kind == .notFound)
      #expect(problem.message.contains("GOOGLE_CLOUD_PROJECT"))
      #expect(credentials.tokenRequests == 0)
      #expect(server.requests.isEmpty)
    }
  }

  @Test("a plain-http endpoint that is not loopback is refused before the token leaves")
  func plainHTTPRefused() async throws {
    let source = FirebaseServerTemplateSource(
      projectID: "my-app", credentials: TestCredentials(),
      endpoint: try FirebaseEndpoint(base: "http://192.0.2.1:9"))
    let error = await #expect(throws: TemplateSourceError.self) {
      try await source.fetchTemplate(TemplateFetchRequest(timeout: Self.timeout))
    }
    guard let problem = error?.underlying(as: CredentialsError.self) else {
      Issue.record("expected a credentials error, got \(String(describing: error))")
      return
    }
    #expect(problem.kind == .insecureTransport)
    #expect(problem.message.contains("http://192.0.2.1:9"))
    #expect(!String(describing: error).contains(TestCredentials.token))
  }

  @Test("the project id is percent-encoded into the path")
  func encodedProject() async throws {
    try await LoopbackHTTPServer.with { server in
      let path = "/v1/projects/google.com%3Alegacy/namespaces/firebase-server/serverRemoteConfig"
      server.serveTemplate(at: path, Self.template, etag: "e")
      let response = try await Self.source(server, project: "google.com:legacy").fetchTemplate(TemplateFetchRequest(
        etag: nil, timeout: Self.timeout))
      #expect(response == .template(body: Array(Self.template.utf8), etag: "e"))
    }
  }
}
