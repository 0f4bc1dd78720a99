import ConfigClient
import ConfigEngine
import Core
import FakeGoogle
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// The server-template source, refresh and the management client against the fake Google,
/// which keeps a project's template history, checks `If-Match`, pages versions and rolls back
/// as the research describes Google doing.
@Suite("Firebase through the fake Google", .timeLimit(.minutes(3)))
struct FirebaseThroughFakeGoogleTests {
  static let project = "demo-app"

  /// A fake serving `project`, accepting `TestCredentials.token` as held by `email`. Its
  /// bodies are gzip-encoded, as Google's are for a request that accepts gzip.
  static func fake(_ google: FakeGoogle, email: String = "ci@demo-app.iam.gserviceaccount.com") {
    google.addProject(project, number: 42)
    google.acceptAccessToken(TestCredentials.token, email: email)
  }

  static func endpoint(_ google: FakeGoogle) throws -> FirebaseEndpoint {
    try FirebaseEndpoint(environment: [
      "FIREBASE_REMOTE_CONFIG_URL_BASE": google.baseURL.absoluteString
    ])
  }

  static func management(
    _ google: FakeGoogle, namespace: RemoteConfigNamespace = .client, project: String = project
  ) throws -> FirebaseManagementClient {
    FirebaseManagementClient(
      projectID: project, namespace: namespace, credentials: TestCredentials(),
      endpoint: try endpoint(google))
  }

  static func serverClient(_ google: FakeGoogle, time: ManualTimeSource, project: String = project)
    throws -> RemoteConfigClient
  {
    RemoteConfigClient(
      source: FirebaseServerTemplateSource(
        projectID: project, credentials: TestCredentials(), endpoint: try endpoint(google),
        timeSource: time),
      timeSource: time, random: .constant(0.5))
  }

  static func serverTemplate(_ greeting: String) -> String {
    #"{"conditions": [], "parameters": {"greeting": {"defaultValue": {"value": "\#(greeting)"}}}}"#
  }

  // MARK: The server template

  @Test("a server stays current: 304 while the template is unchanged, one activation per publish")
  func serverStaysCurrent() async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      try google.publishTemplate(
        Self.serverTemplate("hi"), project: Self.project, namespace: .firebaseServer)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.serverClient(google, time: time)
      var updates = client.updates().makeAsyncIterator()
      var (task, outcomes) = RemoteConfigClientRefreshTests.startRefreshing(client)
      var fetches: [FetchResult] = []
      for period in 0...4 {
        if period == 3 {
          // Published while the loop sleeps: the next round sees it.
          await time.waitForSleepers(count: 1)
          try google.publishTemplate(
            Self.serverTemplate("hello"), project: Self.project, namespace: .firebaseServer)
        }
        if period > 0 { await RemoteConfigClientRefreshTests.advance(time) }
        guard case .success(let result)? = await outcomes.next() else {
          Issue.record("period \(period) reported no success")
          return
        }
        fetches.append(result.fetch)
      }
      task.cancel()
      await task.value
      #expect(
        fetches == [
          .newTemplate(versionNumber: 1), .notModified, .notModified,
          .newTemplate(versionNumber: 2),
          .notModified,
        ])
      let sent = google.requests(to: .serverTemplate(project: Self.project))
      #expect(
        sent.map { $0.header("If-None-Match") } == [
          nil, "etag-42-1", "etag-42-1", "etag-42-1", "etag-42-2",
        ])
      #expect(
        await client.fetchedETag == google.etag(project: Self.project, namespace: .firebaseServer))
      let delivered = await client.deliveredUpdates(&updates)
      #expect(delivered.map { $0.snapshot["greeting"].rawValue } == ["hi", "hello"])
    }
  }

  @Test(
    "the server template is read whether Google gzips it or not, and the request accepts gzip",
    arguments: [FakeGoogle.GzipPolicy.whenAccepted, .always, .never])
  func gzip(policy: FakeGoogle.GzipPolicy) async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      google.gzip = policy
      let template = FirebaseManagementClientRoundTripTests.clientTemplate
      try google.publishTemplate(template, project: Self.project, namespace: .firebaseServer)
      let client = try Self.serverClient(google, time: ManualTimeSource(now: TestTime.start))
      try await client.fetchAndActivate()
      #expect(client.snapshot["welcome"].rawValue == "hi")
      let request = try #require(google.requests(to: .serverTemplate(project: Self.project)).first)
      #expect(request.header("Accept-Encoding") == "gzip")
      let management = try Self.management(google, namespace: .server)
      #expect(try await management.template().template.parameters.count == 6)
    }
  }

  @Test("an authorized_user file's quota_project_id reaches Google as x-goog-user-project")
  func quotaProjectFromUserFile() async throws {
    try await FakeGoogle.with { google in
      google.addProject(Self.project, number: 42)
      try google.publishTemplate(Self.serverTemplate("hi"), project: Self.project)
      let directory = try TemporaryDirectory()
      let path = try google.writeKeyFile(
        FakeAuthorizedUser(quotaProjectID: "billing-project"), in: directory)
      let time = ManualTimeSource(now: google.now)
      let credentials = try AuthorizedUserCredentials(
        contentsOfFile: path,
        environment: ["SWITCHYARD_OAUTH_TOKEN_URL": google.tokenURL.absoluteString],
        timeSource: time)
      let management = FirebaseManagementClient(
        projectID: Self.project, credentials: credentials, endpoint: try Self.endpoint(google),
        timeSource: time)
      #expect(try await management.template().template.parameters.map(\.key) == ["greeting"])
      let request = try #require(google.requests(to: .remoteConfig(project: Self.project)).last)
      #expect(request.header("x-goog-user-project") == "billing-project")
      #expect(request.header("Authorization") == "Bearer \(google.issuedAccessTokens.last ?? "")")
    }
  }

  @Test("Google's refusals say what to check: the token (401), the role (403), the project (404)")
  func refusals() async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      google.addProject("locked")
      google.denyAccess(to: "locked")
      let time = ManualTimeSource(now: TestTime.start)
      let cases: [(project: String, status: Int, hint: String)] = [
        ("locked", 403, "roles/firebase.remoteConfigViewer"),
        ("no-such-project", 404, "check the project id"),
        (Self.project, 401, "check the credentials"),
      ]
      for (index, expected) in cases.enumerated() {
        if index == 2 { google.revokeAccessTokens() }
        let client = try Self.serverClient(google, time: time, project: expected.project)
        let error = await #expect(throws: FetchError.self) { try await client.fetch() }
        guard case .source(let source)? = error,
          let google = source.underlying(as: GoogleAPIError.self)
        else {
          Issue.record(
            "expected Google's error for \(expected.project), got \(String(describing: error))")
          continue
        }
        #expect(google.httpStatus == expected.status)
        #expect(google.hint?.contains(expected.hint) == true)
        #expect(!String(describing: error).contains(TestCredentials.token))
      }
    }
  }

  // MARK: The management API

  @Test("pull, edit, publish: Firebase stores the edit and every field Switchyard does not model")
  func pullEditPublish() async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      let original = FirebaseManagementClientRoundTripTests.clientTemplate
      try google.publishTemplate(original, project: Self.project)
      let management = try Self.management(google)
      var template = try await management.template().template
      #expect(template.etag == google.etag(project: Self.project))
      let index = try #require(template.parameters.firstIndex { $0.key == "welcome" })
      template.parameters[index].defaultValue = .value("hello")
      template.version?.description = "friendlier"
      let published = try await management.publish(template)

      #expect(google.currentVersion(project: Self.project) == 2)
      #expect(published.etag == google.etag(project: Self.project))
      #expect(published.versionNumber == 2)
      var stored = try #require(google.template(project: Self.project)?.objectValue)
      #expect(stored["version"]?["description"] == "friendlier")
      #expect(stored["version"]?["updateType"] == "INCREMENTAL_UPDATE")
      stored["version"] = nil
      var expected = try #require(try JSONParser().parse(original).objectValue)
      expected["version"] = nil
      var parameters = try #require(expected["parameters"]?.objectValue)
      var welcome = try #require(parameters["welcome"]?.objectValue)
      welcome["defaultValue"] = ["value": "hello"]
      parameters["welcome"] = .object(welcome)
      expected["parameters"] = .object(parameters)
      #expect(stored == expected)
    }
  }

  @Test(
    "a template pulled before someone else published is a stale etag, however Google says it; force wins",
    arguments: [FakeGoogle.StaleETagAnswer.versionMismatch400, .preconditionFailed412])
  func staleETag(answer: FakeGoogle.StaleETagAnswer) async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      google.staleETagAnswer = answer
      try google.publishTemplate(Self.serverTemplate("one"), project: Self.project)
      let management = try Self.management(google)
      let pulled = try await management.template().template
      try google.publishTemplate(Self.serverTemplate("two"), project: Self.project)

      for validateOnly in [true, false] {
        let error = await #expect(throws: FirebaseManagementError.self) {
          _ =
            validateOnly
            ? try await management.validate(pulled) : try await management.publish(pulled)
        }
        guard case .staleETag(let google)? = error else {
          Issue.record("expected .staleETag, got \(String(describing: error))")
          return
        }
        #expect(google.message.contains("[VERSION_MISMATCH]"))
      }
      #expect(google.currentVersion(project: Self.project) == 2)
      let forced = try await management.publish(pulled, force: true)
      #expect(forced.versionNumber == 3)
      #expect(
        google.requests(to: .remoteConfig(project: Self.project)).last?.header("If-Match") == "*")
      let versions = try await management.versions(limit: 1)
      #expect(versions.first?.updateType == "FORCED_UPDATE")
    }
  }

  @Test(
    "validate only stores nothing, and the template keeps the etag it can still be published with")
  func validateOnly() async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      try google.publishTemplate(Self.serverTemplate("one"), project: Self.project)
      let management = try Self.management(google)
      let pulled = try await management.template().template
      let validated = try await management.validate(pulled)
      #expect(validated.etag == pulled.etag)
      #expect(google.currentVersion(project: Self.project) == 1)
      let published = try await management.publish(validated.template)
      #expect(published.versionNumber == 2)
    }
  }

  @Test("versions come newest first across pages with their typed fields; rollback restores one")
  func versionsAndRollback() async throws {
    try await FakeGoogle.with { google in
      Self.fake(google, email: "release@demo-app.iam.gserviceaccount.com")
      for number in 1...5 {
        try google.publishTemplate(
          Self.serverTemplate("v\(number)"), project: Self.project,
          description: "version \(number)")
      }
      let management = try Self.management(google)
      let versions = try await management.versions(pageSize: 2)
      #expect(versions.compactMap(\.versionNumber) == [5, 4, 3, 2, 1])
      #expect(google.requests(to: .listVersions(project: Self.project)).count == 3)
      #expect(versions.first?.description == "version 5")
      #expect(versions.first?.updateOrigin == "CONSOLE")
      #expect(versions.first?.updateUser?.email == "console-user@example.com")
      #expect(versions.first?.updateTime == Timestamp.formatPrecisely(google.now))

      let restored = try await management.rollback(to: 2)
      #expect(restored.versionNumber == 6)
      #expect(restored.etag == google.etag(project: Self.project))
      #expect(restored.template.parameters.first?.defaultValue == .value("v2"))
      let newest = try #require(try await management.versions(limit: 1).first)
      #expect(newest.versionNumber == 6)
      #expect(newest.updateType == "ROLLBACK")
      #expect(newest.rollbackSource == 2)
      #expect(newest.updateUser?.email == "release@demo-app.iam.gserviceaccount.com")
      let old = try await management.template(versionNumber: 3)
      #expect(old.template.parameters.first?.defaultValue == .value("v3"))
    }
  }

  @Test("a server template published with the management client is what serverRemoteConfig serves")
  func publishServerTemplate() async throws {
    try await FakeGoogle.with { google in
      Self.fake(google)
      let management = try Self.management(google, namespace: .server)
      var template = try await management.template().template
      template.parameters = try Template(json: Self.serverTemplate("from the API")).parameters
      _ = try await management.publish(template)
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.serverClient(google, time: time)
      try await client.fetchAndActivate()
      #expect(client.snapshot["greeting"].rawValue == "from the API")
      #expect(
        await client.fetchedETag == google.etag(project: Self.project, namespace: .firebaseServer))
    }
  }
}
