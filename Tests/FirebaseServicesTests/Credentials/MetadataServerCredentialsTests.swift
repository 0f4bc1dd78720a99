import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("MetadataServerCredentials")
struct MetadataServerCredentialsTests {
  static let flavor = [(name: "Metadata-Flavor", value: "Google")]

  @Test("tokens come from the default service account's path with Metadata-Flavor and a scope")
  func token() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.tokenLifetime = 1967
      let time = ManualTimeSource(now: TestTime.start)
      let credentials = try MetadataServerCredentials(host: metadata.host, timeSource: time)
      let token = try await credentials.accessToken()
      #expect(token.value == google.issuedAccessTokens.last)
      #expect(token.expiresAt == TestTime.start + 1967)
      let request = try #require(metadata.requests(to: .token).first)
      #expect(request.header("Metadata-Flavor") == "Google")
      #expect(
        request.target == "/computeMetadata/v1/instance/service-accounts/default/token"
          + "?scopes=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcloud-platform")
      #expect(credentials.quotaProjectID == nil)
      #expect(credentials.host == metadata.host)
    }
  }

  @Test("the token is cached and asked again once 5 minutes or less remain")
  func refresh() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.tokenLifetime = 1967
      let time = ManualTimeSource(now: TestTime.start)
      let credentials = try MetadataServerCredentials(host: metadata.host, timeSource: time)
      let first = try await credentials.accessToken()
      time.advance(by: .seconds(1967 - 301))
      #expect(try await credentials.accessToken() == first)
      time.advance(by: .seconds(1))
      #expect(try await credentials.accessToken() != first)
      #expect(metadata.requests(to: .token).count == 2)
    }
  }

  @Test("the project is asked of the server once")
  func projectID() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer(projectID: "cloud-run-project")
      let credentials = try MetadataServerCredentials(
        host: metadata.host, timeSource: ManualTimeSource(now: TestTime.start))
      #expect(await credentials.projectID() == "cloud-run-project")
      #expect(await credentials.projectID() == "cloud-run-project")
      #expect(metadata.requests(to: .projectID).count == 1)
      #expect(metadata.requests(to: .projectID).first?.header("Metadata-Flavor") == "Google")
    }
  }

  @Test("an answer without Metadata-Flavor: Google is not believed")
  func impostorAnswers() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.isImpostor = true
      let credentials = try MetadataServerCredentials(
        host: metadata.host, timeSource: ManualTimeSource(now: TestTime.start))
      let error = await #expect(throws: CredentialsError.self) {
        try await credentials.accessToken()
      }
      #expect(error?.kind == .refused)
      #expect(
        error?.message
          == "the metadata server at http://\(metadata.host) answered the request for an access "
          + "token without Metadata-Flavor: Google, so the answer is not from a metadata server")
      #expect(await credentials.projectID() == nil)
    }
  }

  @Test(
    "a 404 means no service account, a 5xx unreachable, a body without a token refused",
    arguments: [
      (404, "{}", CredentialsError.Kind.refused, "has no default service account (HTTP 404)"),
      (503, "{}", .unreachable, "answered HTTP 503 to the request for an access token"),
      (403, "{}", .refused, "refused the request for an access token with HTTP 403"),
      (
        200, #"{"access_token":"x"}"#, .refused,
        #"answered no usable "expires_in", not an access token"#
      ),
    ])
  func failures(status: Int, body: String, kind: CredentialsError.Kind, text: String) async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.enqueue(
        .token,
        LoopbackResponse(status: status, headers: Self.flavor, body: .complete(Array(body.utf8))))
      let credentials = try MetadataServerCredentials(
        host: metadata.host, timeSource: ManualTimeSource(now: TestTime.start))
      let error = await #expect(throws: CredentialsError.self) {
        try await credentials.accessToken()
      }
      #expect(error?.kind == kind)
      #expect(error?.message.contains(text) == true)
    }
  }

  @Test(
    "the host is host[:port], an IPv6 address in brackets, or with an http:// prefix",
    arguments: [
      ("metadata.google.internal", "metadata.google.internal"),
      ("169.254.169.254", "169.254.169.254"), ("127.0.0.1:8080", "127.0.0.1:8080"),
      ("[::1]:9000", "[::1]:9000"),
      ("http://metadata.google.internal/", "metadata.google.internal"),
      ("metadata.google.internal.", "metadata.google.internal."),
    ])
  func validHosts(host: String, expected: String) throws {
    #expect(try MetadataServerCredentials(host: host).host == expected)
  }

  @Test(
    "anything else is refused as not host[:port]",
    arguments: [
      "", "https://metadata.google.internal", "host/path", "host:", "host:0", "host:65536",
      "host:80:80", "user@host", "[::1", "[zz::1]", "host name", "host:8o", "::1",
      // By the rule every URL's host is checked by: escapes, zones, numeric names.
      "meta%00data", "a%0D%0Ab", "[fe80::1%25eth0]", "127.1", "-host",
    ])
  func invalidHosts(host: String) {
    #expect {
      try MetadataServerCredentials(host: host)
    } throws: { error in
      guard let error = error as? CredentialsError else { return false }
      return error.kind == .invalidValue && error.message.contains("is not host[:port]")
    }
  }

  @Test("GCE_METADATA_HOST names the server; an invalid value is an error naming the variable")
  func environment() throws {
    #expect(try MetadataServerCredentials(environment: [:]).host == "metadata.google.internal")
    #expect(
      try MetadataServerCredentials(environment: ["GCE_METADATA_HOST": "127.0.0.1:1234"]).host
        == "127.0.0.1:1234")
    #expect(
      try MetadataServerCredentials(environment: ["GCE_METADATA_HOST": ""]).host
        == "metadata.google.internal")
    #expect {
      try MetadataServerCredentials(environment: ["GCE_METADATA_HOST": "a b"])
    } throws: { error in
      (error as? CredentialsError)?.message.hasPrefix("GCE_METADATA_HOST: ") == true
    }
  }
}
