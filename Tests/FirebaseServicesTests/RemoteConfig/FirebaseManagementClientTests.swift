import ConfigEngine
import Core
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `FirebaseManagementClient` against a loopback server scripted as Google's management API:
/// each operation's request (method, path, query, headers, body) and how its answer is read.
@Suite("FirebaseManagementClient", .timeLimit(.minutes(3)))
struct FirebaseManagementClientTests {
  static let base = "/v1/projects/my-app/remoteConfig"
  static let template =
    #"{"conditions": [], "parameters": {"welcome": {"defaultValue": {"value": "hi"}}}, "version": {"versionNumber": "12", "updateTime": "2026-01-01T00:00:00.123456Z", "description": "twelve"}}"#

  static func management(
    _ server: LoopbackHTTPServer, namespace: RemoteConfigNamespace = .client,
    credentials: TestCredentials = TestCredentials()
  ) throws -> FirebaseManagementClient {
    FirebaseManagementClient(
      projectID: "my-app", namespace: namespace, credentials: credentials,
      endpoint: try FirebaseEndpoint(base: server.url("").absoluteString))
  }

  static func pulled(etag: String? = "etag-42-12") throws -> Template {
    var template = try Template(json: Self.template)
    template.etag = etag
    return template
  }

  static func json(_ bytes: [UInt8]) throws -> JSONValue {
    try JSONParser().parse(bytes)
  }

  /// Checks the headers every management call sends.
  static func expectCommonHeaders(_ request: LoopbackRequest) {
    #expect(request.header("Authorization") == "Bearer \(TestCredentials.token)")
    #expect(request.header("X-Firebase-Client") == "switchyard/\(SwitchyardVersion.current)")
    #expect(request.header("Accept-Encoding") == "gzip")
  }

  // MARK: get

  @Test("get is a GET of the template, which carries the ETag header as its etag")
  func getCurrent() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, .ok(Self.template, etag: "etag-42-12"))
      let answer = try await Self.management(server).template()
      #expect(answer.etag == "etag-42-12")
      #expect(answer.template.etag == "etag-42-12")
      #expect(answer.versionNumber == 12)
      #expect(answer.template.version?.description == "twelve")
      #expect(answer.json["etag"] == "etag-42-12")
      #expect(answer.warnings.isEmpty)
      let request = try #require(server.requests.first)
      #expect(request.method == "GET")
      #expect(request.target == Self.base)
      Self.expectCommonHeaders(request)
    }
  }

  @Test(
    "Google's template is taken whatever its content: what cannot be read is a warning, kept as sent"
  )
  func liberalReading() async throws {
    let answer =
      #"{"conditions": [{"name": "c", "expression": "a && && b"}, {"name": "d", "expression": "exp"}], "parameters": {"n": {"defaultValue": {"value": 3}}, "ok": {"defaultValue": {"value": "1"}, "conditionalValues": {"d": {"rolloutValue": {"rolloutId": "r"}}}}}, "future": true}"#
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, .ok(answer, etag: "etag-42-12"))
      let read = try await Self.management(server).template()
      var expected = try #require(try JSONParser().parse(answer).objectValue)
      expected["etag"] = "etag-42-12"
      #expect(read.json == .object(expected))
      #expect(read.template.conditions.map(\.expression) == ["a && && b", "exp"])
      #expect(read.template.parameters.map(\.key) == ["n", "ok"])
      // The malformed expression and the number are what reading could not take in, 'exp' what
      // it cannot evaluate; the rollout value and the unknown member are kept quietly.
      #expect(
        read.warnings.map(\.location) == [
          "condition 'c', column 6", "condition 'd', column 1", "parameters.n.defaultValue.value",
        ])
      #expect(read.warnings.allSatisfy { $0.severity == .warning })
      #expect(read.warnings.map(\.kind) == [.general, .unknownConditionElement, .general])
    }
  }

  @Test(
    "an answer that is no template object is an error; after a publish or rollback it says so",
    arguments: [
      (
        LoopbackResponse.ok("[1, 2]", etag: "etag-42-13"),
        "the answer is not a template object: '[1, 2]'"
      ),
      (.ok("not json", etag: "etag-42-13"), "the answer is not a template object: 'not json'"),
      (.ok(Self.template), "ETag header is not present in the server response"),
    ])
  func unreadableAnswers(answer: LoopbackResponse, reason: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, answer, answer)
      server.enqueue(at: Self.base + ":rollback", answer)
      let management = try Self.management(server)
      await #expect(throws: FirebaseManagementError.invalidResponse(reason)) {
        try await management.template()
      }
      let template = try Self.pulled()
      await #expect(throws: FirebaseManagementError.acceptedButUnreadable(reason)) {
        try await management.publish(template)
      }
      await #expect(throws: FirebaseManagementError.acceptedButUnreadable(reason)) {
        try await management.rollback(to: 3)
      }
      #expect(
        "\(FirebaseManagementError.acceptedButUnreadable(reason))".hasPrefix(
          "Firebase accepted the change (HTTP 200), so it was made, but its answer cannot be read"))
    }
  }

  @Test("get at a version asks with ?versionNumber=N")
  func getVersion() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, .ok(Self.template, etag: "etag-42-12"))
      _ = try await Self.management(server).template(versionNumber: 12)
      #expect(server.requests.map(\.target) == [Self.base + "?versionNumber=12"])
    }
  }

  @Test("a template answered without an ETag header is refused: it could not be published back")
  func getWithoutETag() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, .ok(Self.template))
      await #expect(
        throws: FirebaseManagementError.invalidResponse(
          "ETag header is not present in the server response")
      ) {
        try await Self.management(server).template()
      }
    }
  }

  @Test("a version Firebase does not keep is a 404 whose hint names the version")
  func versionNotFound() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.base,
        FirebaseServerTemplateSourceTests.googleError(404, "NOT_FOUND", "Version 3 not found"))
      let error = await #expect(throws: FirebaseManagementError.self) {
        try await Self.management(server).template(versionNumber: 3)
      }
      guard case .service(let google)? = error else {
        Issue.record("expected .service, got \(String(describing: error))")
        return
      }
      #expect(google.message == "Version 3 not found")
      #expect(google.hint?.contains("the version number 3") == true)
    }
  }

  @Test(
    "Google's errors carry their message and hint, never the token",
    arguments: [
      (401, "UNAUTHENTICATED", "check the credentials"),
      (403, "PERMISSION_DENIED", "roles/firebase.remoteConfigAdmin"),
      (404, "NOT_FOUND", "check the project id"),
      (500, "INTERNAL", "HTTP 500 INTERNAL"),
    ])
  func serviceErrors(status: Int, code: String, expected: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.base,
        FirebaseServerTemplateSourceTests.googleError(
          status, code, "denied for \(TestCredentials.token)"))
      let error = await #expect(throws: FirebaseManagementError.self) {
        try await Self.management(server).template()
      }
      let text = String(describing: error)
      #expect(text.contains(expected))
      #expect(text.contains("denied for [redacted]"))
      #expect(!text.contains(TestCredentials.token))
    }
  }

  @Test("no token is a credentials error and nothing is sent")
  func credentialsFailure() async throws {
    try await LoopbackHTTPServer.with { server in
      let failure = CredentialsError(.notFound, "no credentials found")
      await #expect(throws: FirebaseManagementError.credentials(failure)) {
        try await Self.management(server, credentials: TestCredentials(failing: failure))
          .template()
      }
      #expect(server.requests.isEmpty)
    }
  }

  @Test("a plain-http endpoint that is not loopback is refused before the token leaves")
  func plainHTTPRefused() async throws {
    let management = FirebaseManagementClient(
      projectID: "my-app", credentials: TestCredentials(),
      endpoint: try FirebaseEndpoint(base: "http://192.0.2.1:9"))
    let error = await #expect(throws: FirebaseManagementError.self) {
      try await management.publish(try Self.pulled())
    }
    guard case .credentials(let problem)? = error else {
      Issue.record("expected .credentials, got \(String(describing: error))")
      return
    }
    #expect(problem.kind == .insecureTransport)
    #expect(!String(describing: error).contains(TestCredentials.token))
  }

  // MARK: publish and validate

  @Test(
    "publish PUTs the template's publishing JSON with If-Match: its etag, and returns the new etag")
  func publish() async throws {
    try await LoopbackHTTPServer.with { server in
      let published = Self.template.replacingOccurrences(of: "\"12\"", with: "\"13\"")
      server.enqueue(at: Self.base, .ok(published, etag: "etag-42-13"))
      var template = try Self.pulled()
      template.version?.description = "thirteen"
      let result = try await Self.management(server).publish(template)
      #expect(result.etag == "etag-42-13")
      #expect(result.versionNumber == 13)
      let request = try #require(server.requests.first)
      #expect(request.method == "PUT")
      #expect(request.target == Self.base)
      #expect(request.header("If-Match") == "etag-42-12")
      #expect(request.header("Content-Type") == "application/json; charset=utf-8")
      Self.expectCommonHeaders(request)
      #expect(
        try Self.json(request.body)
          == [
            "conditions": [], "parameters": ["welcome": ["defaultValue": ["value": "hi"]]],
            "version": ["description": "thirteen"],
          ])
    }
  }

  @Test("force publishes with If-Match: *, with or without an etag")
  func forcePublish() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.base, .ok(Self.template, etag: "etag-42-13"),
        .ok(Self.template, etag: "etag-42-14"))
      let management = try Self.management(server)
      _ = try await management.publish(try Self.pulled(), force: true)
      _ = try await management.publish(try Self.pulled(etag: nil), force: true)
      #expect(server.requests.map { $0.header("If-Match") } == ["*", "*"])
    }
  }

  @Test("publishing or validating a template without an etag, unforced, sends nothing")
  func missingETag() async throws {
    try await LoopbackHTTPServer.with { server in
      let management = try Self.management(server)
      await #expect(throws: FirebaseManagementError.missingETag) {
        try await management.publish(try Self.pulled(etag: nil))
      }
      await #expect(throws: FirebaseManagementError.missingETag) {
        try await management.validate(try Self.pulled(etag: ""))
      }
      #expect(server.requests.isEmpty)
    }
  }

  @Test(
    "validate PUTs with ?validate_only=true and If-Match, and keeps the etag it sent, not the -0 answer"
  )
  func validate() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, .ok(Self.template, etag: "etag-42-0"))
      let validated = try await Self.management(server).validate(try Self.pulled())
      #expect(validated.etag == "etag-42-12")
      let request = try #require(server.requests.first)
      #expect(request.method == "PUT")
      #expect(request.target == Self.base + "?validate_only=true")
      #expect(request.header("If-Match") == "etag-42-12")
    }
  }

  @Test("a validation answered without an ETag header is refused, as firebase-admin-node does")
  func validateWithoutETag() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, .ok(Self.template))
      await #expect(
        throws: FirebaseManagementError.invalidResponse(
          "ETag header is not present in the server response")
      ) {
        try await Self.management(server).validate(try Self.pulled())
      }
    }
  }

  static let staleAnswers: [LoopbackResponse] = [
    FirebaseServerTemplateSourceTests.googleError(
      412, "FAILED_PRECONDITION", "Precondition Failed"),
    FirebaseServerTemplateSourceTests.googleError(
      400, "FAILED_PRECONDITION",
      "[VERSION_MISMATCH]: Expected version 6, found 8 for project: 123456789012"),
  ]

  @Test(
    "a stale etag, 412 or 400 [VERSION_MISMATCH], is .staleETag for publish and validate",
    arguments: staleAnswers)
  func staleETag(answer: LoopbackResponse) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base, answer, answer)
      let management = try Self.management(server)
      for validateOnly in [false, true] {
        let error = await #expect(throws: FirebaseManagementError.self) {
          if validateOnly {
            _ = try await management.validate(try Self.pulled())
          } else {
            _ = try await management.publish(try Self.pulled())
          }
        }
        guard case .staleETag(let google)? = error else {
          Issue.record("expected .staleETag, got \(String(describing: error))")
          return
        }
        #expect(google.httpStatus == answer.status)
        #expect(String(describing: error).contains("changed on Firebase since it was pulled"))
      }
    }
  }

  @Test("a validation error from Google is a service error, not a stale etag")
  func validationError() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.base,
        FirebaseServerTemplateSourceTests.googleError(
          400, "FAILED_PRECONDITION", "[VALIDATION_ERROR]: [conditions] Duplicate name"))
      let error = await #expect(throws: FirebaseManagementError.self) {
        try await Self.management(server).publish(try Self.pulled())
      }
      guard case .service(let google)? = error else {
        Issue.record("expected .service, got \(String(describing: error))")
        return
      }
      #expect(google.message == "[VALIDATION_ERROR]: [conditions] Duplicate name")
    }
  }

  @Test("a template with errors is refused before anything is sent")
  func localErrors() async throws {
    try await LoopbackHTTPServer.with { server in
      var template = try Self.pulled()
      template.parameters[0].conditionalValues = [
        ConditionalValue(conditionName: "nowhere", value: .value("x"))
      ]
      let error = await #expect(throws: FirebaseManagementError.self) {
        try await Self.management(server).publish(template, force: true)
      }
      guard case .invalidTemplate(let problems)? = error else {
        Issue.record("expected .invalidTemplate, got \(String(describing: error))")
        return
      }
      #expect(problems.problems.first?.severity == .error)
      #expect(String(describing: error).contains("nowhere"))
      #expect(server.requests.isEmpty)
    }
  }

  // MARK: rollback

  @Test(
    "rollback POSTs {\"versionNumber\": \"N\"} to :rollback and returns the template with its new etag"
  )
  func rollback() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.base + ":rollback", .ok(Self.template, etag: "etag-42-14"))
      let template = try await Self.management(server).rollback(to: 9)
      #expect(template.etag == "etag-42-14")
      let request = try #require(server.requests.first)
      #expect(request.method == "POST")
      #expect(request.target == Self.base + ":rollback")
      #expect(request.header("Content-Type") == "application/json; charset=utf-8")
      Self.expectCommonHeaders(request)
      #expect(try Self.json(request.body) == ["versionNumber": "9"])
    }
  }

  @Test(
    "a version number below 1, a page size outside 1...300 or a limit below 1 sends nothing",
    arguments: [0, -1])
  func invalidArguments(number: Int) async throws {
    try await LoopbackHTTPServer.with { server in
      let management = try Self.management(server)
      let calls: [@Sendable () async throws -> Void] = [
        { _ = try await management.rollback(to: number) },
        { _ = try await management.template(versionNumber: number) },
        { _ = try await management.versions(limit: number) },
        { _ = try await management.versions(pageSize: number) },
        { _ = try await management.versions(pageSize: 301 - number) },
      ]
      for call in calls {
        let error = await #expect(throws: FirebaseManagementError.self) { try await call() }
        guard case .invalidArgument? = error else {
          Issue.record("expected .invalidArgument, got \(String(describing: error))")
          continue
        }
      }
      #expect(server.requests.isEmpty)
    }
  }

  // MARK: namespaces

  @Test(
    "the client template lives at /remoteConfig, the server template under namespaces/firebase-server",
    arguments: [
      (RemoteConfigNamespace.client, "/v1/projects/my-app/remoteConfig"),
      (.server, "/v1/projects/my-app/namespaces/firebase-server/remoteConfig"),
    ])
  func namespaces(namespace: RemoteConfigNamespace, path: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.handle(path) { _ in .ok(Self.template, etag: "etag-42-12") }
      server.handle(path + ":rollback") { _ in .ok(Self.template, etag: "etag-42-13") }
      server.handle(path + ":listVersions") { _ in .ok(#"{"versions": []}"#) }
      let management = try Self.management(server, namespace: namespace)
      _ = try await management.template()
      _ = try await management.publish(try Self.pulled())
      _ = try await management.validate(try Self.pulled())
      _ = try await management.rollback(to: 3)
      _ = try await management.versions()
      #expect(
        server.requests.map { "\($0.method) \($0.target)" } == [
          "GET \(path)", "PUT \(path)", "PUT \(path)?validate_only=true", "POST \(path):rollback",
          "GET \(path):listVersions?pageSize=100",
        ])
    }
  }
}
