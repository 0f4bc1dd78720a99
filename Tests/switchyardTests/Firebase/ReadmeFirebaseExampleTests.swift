import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// README's server example ("Firebase: a project's templates with the credentials you already
/// have"), as README spells it, against a fake Google on 127.0.0.1.
@Suite("README examples: a server on a Firebase project", .timeLimit(.minutes(3)))
struct ReadmeFirebaseExampleTests {
  struct Request {
    let userID: String
  }

  // swift-format-ignore
  @Test("a server serves the project's server template and refreshes it by itself")
  func serverTemplate() async throws {
    try await FakeGoogle.with { google in
      let project = "switchyard-fixtures"
      google.addProject(project)
      google.now = Date()  // the server example runs on the system clock
      try google.publishTemplate(
        #"{"parameters": {"welcome": {"defaultValue": {"value": "hi"}}}}"#, project: project,
        namespace: .firebaseServer)
      let directory = try TemporaryDirectory()
      let keyFile = try google.writeKeyFile(try FakeServiceAccount.fixture(), in: directory)
      let environment = [
        "GOOGLE_APPLICATION_CREDENTIALS": keyFile,
        "FIREBASE_REMOTE_CONFIG_URL_BASE": google.baseURL.absoluteString,
      ]
      let cacheDirectory = directory.url.appendingPathComponent("cache").path
      let request = Request(userID: "user-42")

      // environment: ProcessInfo.processInfo.environment, where credentials and the project are found
      let credentials = try await ApplicationDefaultCredentials.discover(environment: environment)
      let projectID = try await ProjectIDResolver.resolve(
        explicit: nil, credentials: credentials, environment: environment)
      let client = RemoteConfigClient(
        source: FirebaseServerTemplateSource(
          projectID: projectID, credentials: credentials,
          endpoint: try FirebaseEndpoint(environment: environment)),  // FIREBASE_REMOTE_CONFIG_URL_BASE
        store: FileConfigStore(directoryPath: cacheDirectory))
      _ = await client.restore()                                        // ready from disk
      let refresher = Task { await client.refresh(every: .seconds(60)) }  // cancel it at shutdown
      let values = client.values(for: EvaluationContext(randomizationID: request.userID))

      defer { refresher.cancel() }
      #expect(projectID == project)
      // Whatever was active when it was read (nothing, or the first refresh's template).
      #expect([nil, "hi"].contains(values.configValue(forKey: "welcome")?.stringValue))
      // The refresher's first round and this fetch share one request or make two; either way
      // the server template becomes active.
      _ = try await client.fetch(ignoringMinimumInterval: true)
      _ = await client.activate()
      let fetched = client.values(for: EvaluationContext(randomizationID: request.userID))
      #expect(fetched.configValue(forKey: "welcome")?.stringValue == "hi")
      let sent = try #require(google.requests(to: .serverTemplate(project: project)).first)
      #expect(sent.header("Authorization")?.hasPrefix("Bearer ya29.") == true)
    }
  }
}
