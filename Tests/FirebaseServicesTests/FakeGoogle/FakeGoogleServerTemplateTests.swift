import Core
import FakeGoogle
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("FakeGoogle serverRemoteConfig")
struct FakeGoogleServerTemplateTests {
  typealias Calls = FakeGoogleCalls

  /// A server template with members the data plane does not serve (parameterGroups, an
  /// unknown top-level member) and members a client must keep (a rollout value, a number
  /// spelled 1.50).
  static let serverTemplate = #"""
    {"conditions":[{"name":"beta","condition":{"percent":{"percentOperator":"LESS_OR_EQUAL","microPercentRange":{"microPercentUpperBound":1.50}}}}],
     "parameters":{"greeting":{"defaultValue":{"value":"hi"},"conditionalValues":{"beta":{"rolloutValue":{"rolloutId":"r1","value":"yo","percent":50}}}}},
     "parameterGroups":{"g":{"parameters":{}}},
     "somethingNew":{"x":1},
     "etag":"etag-from-a-file",
     "version":{"versionNumber":"99","description":"first"}}
    """#

  static func bearer(_ token: String) -> [(name: String, value: String)] {
    [(name: "Authorization", value: "Bearer \(token)")]
  }

  /// A fake with project `demo` (its server template published once) and a token.
  static func prepared(
    _ body: (FakeGoogle, String, TemporaryDirectory) async throws -> Void
  ) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      google.addProject("demo", number: 42)
      try google.publishTemplate(serverTemplate, project: "demo", namespace: .firebaseServer)
      let token = try await Calls.accessToken(google, in: directory)
      try await body(google, token, directory)
    }
  }

  @Test("the current firebase-server version is served with its ETag header and without etag")
  func servesTemplate() async throws {
    try await Self.prepared { google, token, _ in
      let response = try await Calls.send(
        google.url(.serverTemplate(project: "demo")), headers: Self.bearer(token))
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-42-1")
      #expect(response.header("Content-Encoding") == nil)
      let body = try Calls.object(response)
      #expect(body.keys == ["conditions", "parameters", "version"])
      let text = String(decoding: response.body, as: UTF8.self)
      #expect(text.contains(#""microPercentUpperBound":1.50"#))
      #expect(text.contains(#""rolloutValue":{"rolloutId":"r1","value":"yo","percent":50}"#))
      let version = try #require(body["version"]?.objectValue)
      #expect(version["versionNumber"] == "1")
      #expect(version["description"] == "first")
      #expect(version["updateTime"] == "2026-01-01T00:00:00Z")
      #expect(version["updateOrigin"] == "CONSOLE")
      #expect(version["updateType"] == "INCREMENTAL_UPDATE")
    }
  }

  @Test("a matching If-None-Match gets 304 without a body; a new version gets 200 again")
  func conditional() async throws {
    try await Self.prepared { google, token, _ in
      let url = google.url(.serverTemplate(project: "demo"))
      let headers = Self.bearer(token) + [(name: "If-None-Match", value: "etag-42-1")]
      let unchanged = try await Calls.send(url, headers: headers)
      #expect(unchanged.status == 304)
      #expect(unchanged.body.isEmpty)
      #expect(unchanged.header("ETag") == "etag-42-1")
      google.advance(by: 60)
      try google.publishTemplate(#"{"parameters":{}}"#, project: "demo", namespace: .firebaseServer)
      let changed = try await Calls.send(url, headers: headers)
      #expect(changed.status == 200)
      #expect(changed.header("ETag") == "etag-42-2")
      let version = try #require(try Calls.object(changed)["version"]?.objectValue)
      #expect(version["updateTime"] == "2026-01-01T00:01:00Z")
    }
  }

  @Test("a request without a valid, unexpired token gets 401 UNAUTHENTICATED")
  func unauthenticated() async throws {
    try await Self.prepared { google, token, _ in
      let url = google.url(.serverTemplate(project: "demo"))
      var answers: [HTTPResponse] = []
      answers.append(try await Calls.send(url))
      answers.append(try await Calls.send(url, headers: Self.bearer("ya29.forged")))
      answers.append(
        try await Calls.send(url, headers: [(name: "Authorization", value: "Basic \(token)")]))
      google.advance(by: 3599)
      answers.append(try await Calls.send(url, headers: Self.bearer(token)))
      for answer in answers {
        #expect(answer.status == 401)
        let error = try Calls.googleError(answer)
        #expect(error.code == 401)
        #expect(error.status == "UNAUTHENTICATED")
        #expect(error.message?.hasPrefix("Request had invalid authentication credentials.") == true)
        #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
      }
    }
  }

  @Test("a token is accepted until it expires by the fake's clock, and not after revocation")
  func expiryAndRevocation() async throws {
    try await Self.prepared { google, token, _ in
      let url = google.url(.serverTemplate(project: "demo"))
      google.advance(by: 3598)
      let beforeExpiry = try await Calls.send(url, headers: Self.bearer(token))
      #expect(beforeExpiry.status == 200)
      google.revokeAccessTokens()
      let revoked = try await Calls.send(url, headers: Self.bearer(token))
      #expect(revoked.status == 401)
    }
  }

  @Test("tokens from the metadata server, a refresh token and acceptAccessToken all work")
  func otherTokens() async throws {
    try await Self.prepared { google, _, _ in
      let url = google.url(.serverTemplate(project: "demo"))
      let metadata = try google.startMetadataServer()
      let fromMetadata = try Calls.object(
        try await Calls.send(
          metadata.url(.token), headers: [(name: "Metadata-Flavor", value: "Google")]))
      let user = FakeAuthorizedUser()
      google.register(user)
      let fromRefresh = try Calls.object(
        try await Calls.postForm(
          [
            ("grant_type", "refresh_token"), ("client_id", user.clientID),
            ("client_secret", user.clientSecret), ("refresh_token", user.refreshToken),
          ], to: google.tokenURL))
      google.acceptAccessToken("ya29.minted-elsewhere")
      for token in [
        fromMetadata["access_token"]?.stringValue, fromRefresh["access_token"]?.stringValue,
        "ya29.minted-elsewhere",
      ] {
        let response = try await Calls.send(url, headers: Self.bearer(try #require(token)))
        #expect(response.status == 200)
      }
    }
  }

  @Test("a token without the cloud-platform or firebase.remoteconfig scope gets 403")
  func insufficientScope() async throws {
    try await Self.prepared { google, _, _ in
      let url = google.url(.serverTemplate(project: "demo"))
      google.acceptAccessToken(
        "ya29.email-only", scopes: ["https://www.googleapis.com/auth/userinfo.email"])
      google.acceptAccessToken("ya29.remote-config", scopes: [FakeGoogle.remoteConfigScope])
      let refused = try await Calls.send(url, headers: Self.bearer("ya29.email-only"))
      #expect(refused.status == 403)
      #expect(
        try Calls.googleError(refused)
          == (403, "PERMISSION_DENIED", "Request had insufficient authentication scopes."))
      #expect(try await Calls.send(url, headers: Self.bearer("ya29.remote-config")).status == 200)
    }
  }

  @Test("an unknown project gets 404 NOT_FOUND; a denied one 403 PERMISSION_DENIED")
  func projectErrors() async throws {
    try await Self.prepared { google, token, _ in
      let missing = try await Calls.send(
        google.url(.serverTemplate(project: "nope")), headers: Self.bearer(token))
      #expect(missing.status == 404)
      #expect(try Calls.googleError(missing) == (404, "NOT_FOUND", "Requested entity not found"))
      google.denyAccess(to: "demo", message: "Permission denied on resource project demo.")
      let denied = try await Calls.send(
        google.url(.serverTemplate(project: "demo")), headers: Self.bearer(token))
      #expect(
        try Calls.googleError(denied)
          == (403, "PERMISSION_DENIED", "Permission denied on resource project demo."))
      google.allowAccess(to: "demo")
      #expect(
        try await Calls.send(
          google.url(.serverTemplate(project: "demo")), headers: Self.bearer(token)
        )
        .status == 200)
    }
  }

  @Test("a project that never published serves the empty template at version 0")
  func neverPublished() async throws {
    try await Self.prepared { google, token, _ in
      google.addProject("fresh", number: 7)
      let response = try await Calls.send(
        google.url(.serverTemplate(project: "fresh")), headers: Self.bearer(token))
      #expect(response.status == 200)
      #expect(response.header("ETag") == "etag-7-0")
      #expect(String(decoding: response.body, as: UTF8.self) == "{}")
    }
  }

  @Test("the body is gzip-encoded when Accept-Encoding allows it, or always when told to")
  func gzip() async throws {
    try await Self.prepared { google, token, _ in
      let url = google.url(.serverTemplate(project: "demo"))
      let plain = try await Calls.send(url, headers: Self.bearer(token))
      let cases: [(FakeGoogle.GzipPolicy, String?, Bool)] = [
        (.whenAccepted, "gzip", true), (.whenAccepted, "deflate, gzip;q=0.5", true),
        (.whenAccepted, "gzip;q=0", false), (.whenAccepted, nil, false),
        (.always, nil, true), (.never, "gzip", false),
      ]
      for (policy, acceptEncoding, gzipped) in cases {
        google.gzip = policy
        let headers =
          Self.bearer(token) + (acceptEncoding.map { [(name: "Accept-Encoding", value: $0)] } ?? [])
        let response = try await Calls.send(url, headers: headers)
        #expect(response.header("Content-Encoding") == (gzipped ? "gzip" : nil))
        // HTTPClient inflates a gzip body: what arrives is the same JSON either way.
        #expect(response.body == plain.body)
        #expect(response.header("ETag") == "etag-42-1")
      }
      // The platform's inflater reads the gzip body back to the same JSON.
      google.gzip = .always
      var request = URLRequest(url: url)
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
      let (data, _) = try await URLSession.shared.data(for: request)
      #expect(Array(data) == plain.body)
    }
  }

  @Test("the request headers are logged for tests to check")
  func requestLog() async throws {
    try await Self.prepared { google, token, _ in
      _ = try await Calls.send(
        google.url(.serverTemplate(project: "demo")),
        headers: Self.bearer(token) + [
          (name: "X-Firebase-Client", value: "switchyard/1.0"),
          (name: "x-goog-user-project", value: "quota"),
        ])
      let logged = try #require(google.requests(to: .serverTemplate(project: "demo")).first)
      #expect(logged.header("x-firebase-client") == "switchyard/1.0")
      #expect(logged.header("X-Goog-User-Project") == "quota")
      #expect(google.requests(to: .serverTemplate(project: "other")).isEmpty)
    }
  }
}
