import ConfigClient
import ConfigEngine
import Core
import ElementaryFeature
import FakeGoogle
import FirebaseServices
import Foundation
import JuniorHighFeature
import RootRouting
import SwitchyardTestSupport
import Testing

/// README's Firebase examples, as README spells them, against a fake Google on 127.0.0.1: the
/// server ("Firebase: a project's templates with the credentials you already have") and the
/// app ("Firebase: an app's values, anywhere Swift runs").
@Suite("README examples: Firebase", .timeLimit(.minutes(3)))
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

  // swift-format-ignore
  @Test("an app anywhere Swift runs: an installation, Firebase's values for its signals, the stream")
  func app() async throws {
    try await FakeGoogle.with { google in
      google.now = Date()  // the app example runs on the system clock
      google.addProject("school-app")
      try google.addApp("1:1234567890:ios:abc123def456", apiKey: "AIzaSy-readme", project: "school-app")
      let template = """
        {"conditions": [{"name": "grade2", "expression":
           "app.customSignal['stage'].exactlyMatches(['elementary']) && app.customSignal['year'] == 2"}],
         "parameters": {"elementary_supported_grades": {"defaultValue": {"value": "[1]"},
           "conditionalValues": {"grade2": {"value": "[1, 2]"}}}}}
        """
      try google.publishTemplate(template, project: "school-app")
      let apiKey = "AIzaSy-readme"
      let environment = [
        "FIREBASE_REMOTE_CONFIG_URL_BASE": google.baseURL.absoluteString,
        "SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE": google.baseURL.absoluteString,
        "SWITCHYARD_FIREBASE_REALTIME_URL_BASE": google.baseURL.absoluteString,
      ]
      let directory = try TemporaryDirectory()
      let cacheDirectory = directory.url.appendingPathComponent("cache").path
      let catalog = try ConfigKeyCatalog(
        [RootRoutingKeys.keys, ElementaryFeature.keys, JuniorHighFeature.keys])

      let options = try FirebaseAppOptions(appID: "1:1234567890:ios:abc123def456", apiKey: apiKey)
        .withEndpoints(from: environment)                   // Google's hosts unless the variables below are set
      let firebase = FirebaseApp(options: options)
      let client = RemoteConfigClient(
        source: firebase.remoteConfigSource,                  // one installation, kept in the client's state file
        store: FileConfigStore(directoryPath: cacheDirectory),
        defaults: InAppDefaults(catalog: catalog))
      await client.restore()                                   // ready from disk; a restarted app registers nothing
      await client.setContext(EvaluationContext(customSignals: ["stage": "elementary", "year": 2], appVersion: "2.3.0"))
      try await client.fetchAndActivate()                      // Firebase evaluates for these signals
      let updates = Task {
        for await event in firebase.realtimeUpdater(for: client).events() {
          if case .fetched = event { await client.activate() }  // fetched on a publish; the app activates
        }
      }

      defer { updates.cancel() }
      #expect(client.snapshot["elementary_supported_grades"].rawValue == "[1, 2]")
      #expect(client.snapshot["elementary_supported_grades"].source == .remote)
      #expect(client.snapshot["elementary_enabled"].source == .default)
      await google.waitForRealtimeStreams(count: 1)
      // The comment's claim: a publish is fetched and the app activates it (after the
      // updater's random delay of at most 4 s, on the system clock README's code runs on).
      try google.publishTemplate(
        template.replacingOccurrences(of: "[1, 2]", with: "[1, 2, 3]"), project: "school-app")
      while client.snapshot["elementary_supported_grades"].rawValue != "[1, 2, 3]" {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(google.requests(to: .installations(project: "1234567890")).count == 1)
      let restarted = RemoteConfigClient(
        source: FirebaseApp(options: options).remoteConfigSource,
        store: FileConfigStore(directoryPath: cacheDirectory))
      await restarted.restore()
      _ = try await restarted.fetch(ignoringMinimumInterval: true)
      #expect(google.requests(to: .installations(project: "1234567890")).count == 1)
    }
  }
}
