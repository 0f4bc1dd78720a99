import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ProjectIDResolver")
struct ProjectIDResolverTests {
  /// Which credentials a case resolves with.
  enum Kind: String, Sendable {
    case keyWithProject, keyWithoutProject, token, metadata
  }

  static func credentials(
    _ kind: Kind, directory: TemporaryDirectory, google: FakeGoogle
  ) async throws -> any AccessTokenProvider {
    switch kind {
    case .keyWithProject, .keyWithoutProject:
      var account = try FakeServiceAccount.fixture()
      if kind == .keyWithoutProject { account.projectID = nil }
      return try ServiceAccountCredentials(
        contentsOfFile: try google.writeKeyFile(account, in: directory))
    case .token:
      return try FixedTokenCredentials(token: "ya29.token")
    case .metadata:
      let metadata = try google.startMetadataServer(projectID: "metadata-project")
      return try await ApplicationDefaultCredentials.discover(
        environment: ["GCE_METADATA_HOST": metadata.host],
        timeSource: ManualTimeSource(now: TestTime.start))
    }
  }

  @Test(
    "the project is the explicit one, the key file's, GOOGLE_CLOUD_PROJECT, GCLOUD_PROJECT, then the metadata server's",
    arguments: [
      (
        "cli-project", Kind.keyWithProject, ["GOOGLE_CLOUD_PROJECT": "a", "GCLOUD_PROJECT": "b"],
        "cli-project"
      ),
      (
        " ", .keyWithProject, ["GOOGLE_CLOUD_PROJECT": "a", "GCLOUD_PROJECT": "b"],
        "switchyard-fixtures"
      ),
      (nil, .keyWithoutProject, ["GOOGLE_CLOUD_PROJECT": "a", "GCLOUD_PROJECT": "b"], "a"),
      (nil, .keyWithoutProject, ["GOOGLE_CLOUD_PROJECT": "", "GCLOUD_PROJECT": "b"], "b"),
      (nil, .token, ["GCLOUD_PROJECT": "b"], "b"),
      (nil, .metadata, ["GOOGLE_CLOUD_PROJECT": "a"], "a"),
      (nil, .metadata, [:], "metadata-project"),
      ("cli-project", .metadata, [:], "cli-project"),
    ] as [(String?, Kind, [String: String], String)])
  func order(
    explicit: String?, kind: Kind, environment: [String: String], expected: String
  ) async throws {
    try await FakeGoogle.with { google in
      let directory = try TemporaryDirectory()
      let credentials = try await Self.credentials(kind, directory: directory, google: google)
      #expect(
        try await ProjectIDResolver.resolve(
          explicit: explicit, credentials: credentials, environment: environment) == expected)
    }
  }

  @Test("no project anywhere: one line listing each place tried, and how to name one")
  func noProject() async throws {
    let credentials = try FixedTokenCredentials(token: "ya29.token")
    let error = await #expect(throws: CredentialsError.self) {
      try await ProjectIDResolver.resolve(explicit: nil, credentials: credentials, environment: [:])
    }
    #expect(error?.kind == .noProject)
    #expect(
      error?.message
        == "No project ID found. Looked, in order, at: 1. a project given explicitly: none; "
        + "2. the credentials' project (FixedTokenCredentials(token redacted)): none; "
        + "3. GOOGLE_CLOUD_PROJECT: not set; 4. GCLOUD_PROJECT: not set; 5. the metadata "
        + "server: not asked (the credentials are not the metadata server's). Name the project "
        + "explicitly (switchyard's --project) or export GOOGLE_CLOUD_PROJECT=your-project-id.")
  }

  @Test("a metadata server that cannot tell the project is listed with its reason")
  func metadataFails() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer(projectID: "metadata-project")
      let credentials = try MetadataServerCredentials(
        host: metadata.host, timeSource: ManualTimeSource(now: TestTime.start))
      metadata.enqueue(
        .projectID,
        LoopbackResponse(status: 500, headers: [(name: "Metadata-Flavor", value: "Google")]))
      let error = await #expect(throws: CredentialsError.self) {
        try await ProjectIDResolver.resolve(
          explicit: nil, credentials: credentials, environment: [:])
      }
      #expect(
        error?.message.contains(
          "5. the metadata server: the metadata server at http://\(metadata.host) answered HTTP "
            + "500 to the request for the project ID.") == true)
      // The next resolution asks again, and succeeds.
      #expect(
        try await ProjectIDResolver.resolve(
          explicit: nil, credentials: credentials, environment: [:]) == "metadata-project")
    }
  }

  @Test(
    "a project ID with characters no project ID has is refused, naming where it came from",
    arguments: [
      ("a/b", nil, "the project given is 'a/b'"),
      (nil, "../other", "GOOGLE_CLOUD_PROJECT is '../other'"),
      (nil, "p?x=1", "GOOGLE_CLOUD_PROJECT is 'p?x=1'"),
    ] as [(String?, String?, String)])
  func invalidProjects(explicit: String?, variable: String?, text: String) async throws {
    let credentials = try FixedTokenCredentials(token: "ya29.token")
    var environment: [String: String] = [:]
    environment["GOOGLE_CLOUD_PROJECT"] = variable
    let error = await #expect(throws: CredentialsError.self) {
      try await ProjectIDResolver.resolve(
        explicit: explicit, credentials: credentials, environment: environment)
    }
    #expect(error?.kind == .invalidValue)
    #expect(error?.message.hasPrefix(text) == true)
  }

  @Test("domain-scoped projects and project numbers are project IDs")
  func unusualButValid() async throws {
    let credentials = try FixedTokenCredentials(token: "ya29.token")
    for project in ["example.com:my-project", "123456789012", "My_Project"] {
      #expect(
        try await ProjectIDResolver.resolve(
          explicit: project, credentials: credentials, environment: [:]) == project)
    }
  }
}
