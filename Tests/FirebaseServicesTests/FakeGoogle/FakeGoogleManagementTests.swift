import Core
import FakeGoogle
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

@Suite("FakeGoogle management API")
struct FakeGoogleManagementTests {
  typealias Calls = FakeGoogleCalls

  static let email = "switchyard-test@switchyard-fixtures.iam.gserviceaccount.com"

  /// A client template with members Switchyard does not model, in an order and spelling a
  /// round trip must keep.
  static let template = #"""
    {"conditions":[{"name":"ios","expression":"device.os == 'ios'","tagColor":"PINK"}],"parameters":{"promo":{"defaultValue":{"value":"off"},"conditionalValues":{"ios":{"personalizationValue":{"personalizationId":"p1"}}},"description":"a promo","valueType":"BOOLEAN"}},"parameterGroups":{"g":{"description":"group","parameters":{"x":{"defaultValue":{"value":"1.50"}}}}},"futureField":[1,2.0]}
    """#

  /// A fake with project `demo` (number 42) whose client template was published once, and a
  /// token of the fixture service account.
  static func prepared(
    _ body: (FakeGoogle, Client) async throws -> Void
  ) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      google.addProject("demo", number: 42)
      try google.publishTemplate(template, project: "demo")
      let token = try await Calls.accessToken(google, in: directory)
      try await body(google, Client(google: google, token: token))
    }
  }

  /// Calls on project `demo` with a token.
  struct Client {
    let google: FakeGoogle
    let token: String
    var namespace = FakeRemoteConfigNamespace.firebase

    func url(_ endpoint: FakeGoogleEndpoint, query: String = "") throws -> URL {
      try #require(URL(string: google.url(endpoint).absoluteString + query))
    }

    func get(query: String = "") async throws -> HTTPResponse {
      try await Calls.send(
        url(.remoteConfig(project: "demo", namespace: namespace), query: query),
        headers: [(name: "Authorization", value: "Bearer \(token)")])
    }

    func put(_ body: String, ifMatch: String?, query: String = "") async throws -> HTTPResponse {
      var headers = [
        (name: "Authorization", value: "Bearer \(token)"),
        (name: "Content-Type", value: "application/json; charset=utf-8"),
      ]
      if let ifMatch { headers.append((name: "If-Match", value: ifMatch)) }
      return try await Calls.send(
        url(.remoteConfig(project: "demo", namespace: namespace), query: query), method: "PUT",
        headers: headers, body: Array(body.utf8))
    }

    func listVersions(_ query: String = "") async throws -> HTTPResponse {
      try await Calls.send(
        url(.listVersions(project: "demo", namespace: namespace), query: query),
        headers: [(name: "Authorization", value: "Bearer \(token)")])
    }

    func rollback(_ body: String) async throws -> HTTPResponse {
      try await Calls.send(
        url(.rollback(project: "demo", namespace: namespace)), method: "POST",
        headers: [
          (name: "Authorization", value: "Bearer \(token)"),
          (name: "Content-Type", value: "application/json"),
        ], body: Array(body.utf8))
    }

    /// The version numbers a listVersions answer holds, and its nextPageToken.
    func page(_ query: String) async throws -> (versions: [String], next: String?) {
      let response = try await listVersions(query)
      try #require(response.status == 200)
      let body = try Calls.object(response)
      let versions = (body["versions"]?.arrayValue ?? []).compactMap {
        $0["versionNumber"]?.stringValue
      }
      return (versions, body["nextPageToken"]?.stringValue)
    }
  }

  @Test("GET answers the current template exactly as published, with its ETag header")
  func getCurrent() async throws {
    try await Self.prepared { google, client in
      let response = try await client.get()
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-42-1")
      let text = String(decoding: response.body, as: UTF8.self)
      // Everything but the version, in order and spelling.
      #expect(
        text.hasPrefix(
          String(Self.template.trimmingCharacters(in: .whitespacesAndNewlines).dropLast())))
      #expect(try Calls.object(response)["version"]?["versionNumber"] == "1")
      #expect(google.requests(to: .remoteConfig(project: "demo")).count == 1)
    }
  }

  @Test("GET ?versionNumber=N answers that version with its own ETag; unknown is 404")
  func getVersion() async throws {
    try await Self.prepared { google, client in
      try google.publishTemplate(#"{"parameters":{}}"#, project: "demo")
      let first = try await client.get(query: "?versionNumber=1")
      #expect(first.header("ETag") == "etag-42-1")
      #expect(try Calls.object(first)["parameterGroups"] != nil)
      let current = try await client.get()
      #expect(current.header("ETag") == "etag-42-2")
      let missing = try await client.get(query: "?versionNumber=9")
      #expect(try Calls.googleError(missing) == (404, "NOT_FOUND", "Requested entity not found"))
      let bad = try await client.get(query: "?versionNumber=abc")
      #expect(try Calls.googleError(bad).status == "INVALID_ARGUMENT")
    }
  }

  @Test("a publish with the current etag stores a new version stamped by the service")
  func publish() async throws {
    try await Self.prepared { google, client in
      google.advance(by: 90)
      let body = #"""
        {"parameters":{"promo":{"defaultValue":{"value":"on"},"x-unknown":{"n":1.0}}},"etag":"etag-42-1","version":{"versionNumber":"77","updateUser":{"email":"spoof@example.com"},"updateType":"ROLLBACK","description":"turn it on"}}
        """#
      let response = try await client.put(body, ifMatch: "etag-42-1")
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-42-2")
      let stored = try Calls.object(response)
      #expect(stored.keys == ["parameters", "version"])
      #expect(
        String(decoding: response.body, as: UTF8.self).hasPrefix(
          #"{"parameters":{"promo":{"defaultValue":{"value":"on"},"x-unknown":{"n":1.0}}},"version":"#
        ))
      #expect(
        stored["version"]
          == [
            "versionNumber": "2", "updateTime": "2026-01-01T00:01:30Z",
            "updateUser": ["email": .string(Self.email)], "description": "turn it on",
            "updateOrigin": "REST_API", "updateType": "INCREMENTAL_UPDATE",
          ])
      #expect(google.currentVersion(project: "demo") == 2)
      #expect(google.template(project: "demo") == .object(stored))
    }
  }

  @Test("If-Match: * publishes whatever the current version is, as FORCED_UPDATE")
  func forcedPublish() async throws {
    try await Self.prepared { google, client in
      try google.publishTemplate(#"{}"#, project: "demo")
      let response = try await client.put(#"{"parameters":{}}"#, ifMatch: "*")
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-42-3")
      #expect(try Calls.object(response)["version"]?["updateType"] == "FORCED_UPDATE")
    }
  }

  @Test(
    "a stale or missing If-Match is refused as the knob says, and nothing is stored",
    arguments: [FakeGoogle.StaleETagAnswer.versionMismatch400, .preconditionFailed412])
  func staleETag(answer: FakeGoogle.StaleETagAnswer) async throws {
    try await Self.prepared { google, client in
      google.staleETagAnswer = answer
      try google.publishTemplate(#"{}"#, project: "demo")
      let code = answer == .versionMismatch400 ? 400 : 412
      let stale = try await client.put(#"{"parameters":{}}"#, ifMatch: "etag-42-1")
      #expect(stale.status == code)
      #expect(
        try Calls.googleError(stale)
          == (
            code, "FAILED_PRECONDITION",
            "[VERSION_MISMATCH]: Expected version 1, found 2 for project: 42"
          ))
      let missing = try await client.put(#"{"parameters":{}}"#, ifMatch: nil)
      #expect(missing.status == code)
      #expect(try Calls.googleError(missing).message?.hasPrefix("[VERSION_MISMATCH]") == true)
      #expect(google.currentVersion(project: "demo") == 2)
    }
  }

  @Test(
    "validate only answers the template with an etag ending in -0 and stores nothing",
    arguments: ["?validate_only=true", "?validateOnly=true"])
  func validateOnly(query: String) async throws {
    try await Self.prepared { google, client in
      let response = try await client.put(
        #"{"parameters":{"a":{"defaultValue":{"value":"1"}}},"version":{"description":"try"}}"#,
        ifMatch: "etag-42-1", query: query)
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-42-0")
      #expect(try Calls.object(response)["parameters"]?["a"] != nil)
      #expect(google.currentVersion(project: "demo") == 1)
      let stale = try await client.put(#"{}"#, ifMatch: "etag-42-7", query: query)
      #expect(stale.status == 400)
    }
  }

  @Test("a template that does not validate gets 400 FAILED_PRECONDITION [VALIDATION_ERROR]")
  func validation() async throws {
    try await Self.prepared { google, client in
      let unknownCondition = try await client.put(
        #"{"conditions":[{"name":"ios","expression":"true"}],"#
          + #""parameters":{"p":{"conditionalValues":{"foo":{"value":"1"}}}}}"#,
        ifMatch: "etag-42-1")
      #expect(
        try Calls.googleError(unknownCondition)
          == (
            400, "FAILED_PRECONDITION",
            "[VALIDATION_ERROR]: [foo] are not valid condition names. All keys in all "
              + "conditional value maps must be valid condition names."
          ))
      google.validationError = "Parameter key 'bad key' is invalid."
      let scripted = try await client.put(#"{}"#, ifMatch: "etag-42-1")
      #expect(
        try Calls.googleError(scripted).message
          == "[VALIDATION_ERROR]: Parameter key 'bad key' is invalid.")
      let notJSON = try await client.put("not json", ifMatch: "etag-42-1")
      #expect(try Calls.googleError(notJSON).status == "INVALID_ARGUMENT")
      #expect(google.currentVersion(project: "demo") == 1)
    }
  }

  @Test("listVersions pages newest first, following nextPageToken to the end")
  func listVersionsPaging() async throws {
    try await Self.prepared { google, client in
      for _ in 2...5 { try google.publishTemplate(#"{}"#, project: "demo") }
      #expect(try await client.page("?pageSize=2") == (["5", "4"], "3"))
      #expect(try await client.page("?pageSize=2&pageToken=3") == (["3", "2"], "1"))
      #expect(try await client.page("?pageSize=2&pageToken=1") == (["1"], nil))
      #expect(try await client.page("") == (["5", "4", "3", "2", "1"], nil))
      #expect(try await client.page("?endVersionNumber=3") == (["3", "2", "1"], nil))
      let zero = try await client.listVersions("?pageSize=0")
      #expect(try Calls.googleError(zero).status == "INVALID_ARGUMENT")
      let tooMany = try await client.listVersions("?pageSize=301")
      #expect(tooMany.status == 400)
    }
  }

  @Test("listVersions keeps versions updated from startTime up to, not including, endTime")
  func listVersionsTimes() async throws {
    try await Self.prepared { google, _ in
      // Three hours outlive the issued token; this one never expires.
      google.acceptAccessToken("ya29.long-lived", email: Self.email)
      let client = Client(google: google, token: "ya29.long-lived")
      for _ in 2...4 {
        google.advance(by: 3600)
        try google.publishTemplate(#"{}"#, project: "demo")
      }
      // Versions 1-4 at 00:00, 01:00, 02:00, 03:00.
      #expect(
        try await client.page("?startTime=2026-01-01T01:00:00Z&endTime=2026-01-01T03:00:00Z")
          == (["3", "2"], nil))
      let versions = try Calls.object(try await client.listVersions())["versions"]?.arrayValue
      #expect(versions?.first?["updateTime"] == "2026-01-01T03:00:00Z")
    }
  }

  @Test("a project that never published lists no versions: an empty object")
  func listNothing() async throws {
    try await Self.prepared { google, client in
      google.addProject("fresh")
      let response = try await Calls.send(
        google.url(.listVersions(project: "fresh")),
        headers: [(name: "Authorization", value: "Bearer \(client.token)")])
      #expect(String(decoding: response.body, as: UTF8.self) == "{}")
    }
  }

  @Test("rollback publishes version N's content as a new ROLLBACK version; unknown N is 404")
  func rollback() async throws {
    try await Self.prepared { google, client in
      try google.publishTemplate(#"{"parameters":{}}"#, project: "demo")
      let response = try await client.rollback(#"{"versionNumber":"1"}"#)
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-42-3")
      let stored = try Calls.object(response)
      let original = try #require(google.template(project: "demo", version: 1)?.objectValue)
      #expect(stored["parameters"] == original["parameters"])
      #expect(stored["parameterGroups"] == original["parameterGroups"])
      let version = try #require(stored["version"]?.objectValue)
      #expect(version["versionNumber"] == "3")
      #expect(version["updateType"] == "ROLLBACK")
      #expect(version["rollbackSource"] == "1")
      #expect(version["description"] == "Rollback to version 1")
      #expect(version["updateUser"]?["email"] == .string(Self.email))
      let asNumber = try await client.rollback(#"{"versionNumber":2}"#)
      #expect(asNumber.header("ETag") == "etag-42-4")
      let missing = try await client.rollback(#"{"versionNumber":"99"}"#)
      #expect(try Calls.googleError(missing) == (404, "NOT_FOUND", "Requested entity not found"))
      #expect(google.currentVersion(project: "demo") == 4)
    }
  }

  @Test("the firebase-server namespace has its own history, which serverRemoteConfig serves")
  func serverNamespace() async throws {
    try await Self.prepared { google, client in
      var server = client
      server.namespace = .firebaseServer
      let empty = try await server.get()
      #expect(empty.header("ETag") == "etag-42-0")
      let published = try await server.put(
        #"{"parameters":{"p":{"defaultValue":{"value":"s"}}},"parameterGroups":{}}"#,
        ifMatch: "etag-42-0")
      #expect(published.header("ETag") == "etag-42-1")
      #expect(google.currentVersion(project: "demo", namespace: .firebaseServer) == 1)
      #expect(google.currentVersion(project: "demo", namespace: .firebase) == 1)
      let served = try await Calls.send(
        google.url(.serverTemplate(project: "demo")),
        headers: [(name: "Authorization", value: "Bearer \(client.token)")])
      #expect(served.header("ETag") == "etag-42-1")
      #expect(try Calls.object(served).keys == ["parameters", "version"])
      #expect(
        google.requests(to: .remoteConfig(project: "demo", namespace: .firebaseServer)).count == 2)
    }
  }

  @Test("every management call needs a token")
  func unauthenticated() async throws {
    try await Self.prepared { google, _ in
      for endpoint in [
        FakeGoogleEndpoint.remoteConfig(project: "demo"), .listVersions(project: "demo"),
      ] {
        let response = try await Calls.send(google.url(endpoint))
        #expect(response.status == 401)
      }
      let rollback = try await Calls.send(
        google.url(.rollback(project: "demo")), method: "POST",
        body: Array(#"{"versionNumber":"1"}"#.utf8))
      #expect(rollback.status == 401)
      #expect(google.currentVersion(project: "demo") == 1)
    }
  }
}
