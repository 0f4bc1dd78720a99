import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// `fetch --firebase-server` and `watch --firebase-server --every` end to end against a fake
/// Google on 127.0.0.1, with a real cache directory and a manual clock.
@Suite("switchyard fetch and watch --firebase-server", .timeLimit(.minutes(3)))
struct FirebaseServerCommandsTests {
  static func template(greeting: String) -> String {
    """
    {"conditions": [{"name": "paid", "condition": {"customSignal": {
       "customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "tier",
       "targetCustomSignalValues": ["paid"]}}}],
     "parameters": {"welcome": {"defaultValue": {"value": "\(greeting)"},
       "conditionalValues": {"paid": {"value": "hello supporter"}}}}}
    """
  }

  /// Publishes `template` as the server template and runs `fetch --firebase-server` into
  /// `cache` for a paying user (custom signal `tier` is `paid`).
  static func fetchForPaidUser(
    _ template: String, _ harness: FirebaseCommandHarness, cache: TemporaryDirectory
  ) async throws -> (status: switchyard.ExitStatus, capture: CapturedToolIO) {
    try harness.google.publishTemplate(
      template, project: FirebaseCommandHarness.project, namespace: .firebaseServer)
    let context = harness.path("c.json")
    try #"{"customSignals": {"tier": "paid"}}"#.write(
      toFile: context, atomically: true, encoding: .utf8)
    return await harness.run([
      "fetch", "--firebase-server", "--cache", cache.url.path, "--context", context,
    ])
  }

  @Test("fetch --firebase-server prints the server template's values and caches them")
  func fetch() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      let cache = try TemporaryDirectory()
      let (status, capture) = try await Self.fetchForPaidUser(
        Self.template(greeting: "hi"), harness, cache: cache)
      #expect(status == .success, "\(capture.error)")
      #expect(
        capture.outputLines == [#"{"welcome":{"value":"hello supporter","source":"remote"}}"#])
      #expect(capture.error.contains("Firebase project \(project)"))
      let request = try #require(
        harness.google.requests(to: .serverTemplate(project: project)).last)
      #expect(request.header("Authorization")?.hasPrefix("Bearer ") == true)
      #expect(request.header("X-Firebase-Client")?.hasPrefix("switchyard/") == true)
      let cached = try FileManager.default.contentsOfDirectory(atPath: cache.url.path)
      #expect(!cached.isEmpty)
      // The token the fetch used is nowhere in what the cache keeps.
      let secrets = harness.secrets
      #expect(harness.google.issuedAccessTokens.count == 1)
      for name in cached {
        let bytes = try Data(contentsOf: cache.url.appendingPathComponent(name))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("hello supporter"), "\(name)")
        for secret in secrets { #expect(!text.contains(secret), "\(name)") }
      }
    }
  }

  /// Why a fetch cannot get the server template.
  enum Unavailable: String, CaseIterable, CustomTestStringConvertible {
    case googleUnreachable, noCredentials, noProject

    var testDescription: String { rawValue }

    /// The harness's variables changed so that it happens; `closedPort` is where nothing
    /// listens.
    func variables(closedPort: UInt16) -> [String: String] {
      let nowhere = "127.0.0.1:\(closedPort)"
      switch self {
      case .googleUnreachable:
        return ["FIREBASE_REMOTE_CONFIG_URL_BASE": "http://\(nowhere)"]
      case .noCredentials:
        // No key file, and no metadata server where discovery looks for it.
        return [
          "GOOGLE_APPLICATION_CREDENTIALS": "", "METADATA_SERVER_DETECTION": "",
          "GCE_METADATA_HOST": nowhere,
        ]
      case .noProject:
        return ["GOOGLE_APPLICATION_CREDENTIALS": "", "GOOGLE_OAUTH_ACCESS_TOKEN": "ya29.t"]
      }
    }

    /// How the reason starts, after `warning: ` or `error: `.
    var reason: String {
      switch self {
      case .googleUnreachable: "fetch failed: cannot reach the template source"
      case .noCredentials: "No Google credentials found. Looked, in order, at: 1. "
      case .noProject: "No project ID found. Looked, in order, at: 1. "
      }
    }
  }

  @Test(
    "without Google, credentials or a project, fetch serves the cache with a one-line warning",
    arguments: Unavailable.allCases)
  func servesCache(when unavailable: Unavailable) async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(
        Self.template(greeting: "hi"), project: project, namespace: .firebaseServer)
      let cache = try TemporaryDirectory()
      let arguments = ["fetch", "--firebase-server", "--cache", cache.url.path]
      #expect(await harness.run(arguments).status == .success)
      var environment = harness.environment
      let closedPort = try ClosedLoopbackPort().port
      environment.variables.merge(unavailable.variables(closedPort: closedPort)) { $1 }
      // Past the minimum fetch interval: the fetch is due.
      harness.time.advance(by: .seconds(13 * 3600))
      harness.google.advance(by: 13 * 3600)
      let fetch = ToolCommand.makeFetch(environment: environment)

      let (status, capture) = await CapturedToolIO.run(arguments, replacing: [fetch])
      #expect(status == .success)
      #expect(capture.outputLines == [#"{"welcome":{"value":"hi","source":"remote"}}"#])
      let warning = try #require(capture.error.split(separator: "\n").first)
      #expect(capture.error.split(separator: "\n").count == 1)
      #expect(warning.hasPrefix("switchyard fetch: warning: \(unavailable.reason)"))
      #expect(warning.hasSuffix("; using the cached values"))
      #expect(!warning.contains("U+000A"))

      let empty = try TemporaryDirectory()
      let (emptyStatus, nothing) = await CapturedToolIO.run(
        ["fetch", "--firebase-server", "--cache", empty.url.path], replacing: [fetch])
      #expect(emptyStatus == .failure)
      #expect(nothing.output.isEmpty)
      #expect(nothing.error.hasPrefix("switchyard fetch: error: \(unavailable.reason)"))
      #expect(nothing.error.hasSuffix("; nothing is cached yet\n"))
      // Only the fetch that filled the cache reached the server template.
      #expect(harness.google.requests(to: .serverTemplate(project: project)).count == 1)
    }
  }

  @Test("watch --every without credentials exits 1 saying what was tried")
  func watchWithoutCredentials() async throws {
    try await FirebaseCommandHarness.with { harness in
      var environment = harness.environment
      environment.variables["GOOGLE_APPLICATION_CREDENTIALS"] = nil
      let cache = try TemporaryDirectory()
      let (status, capture) = await CapturedToolIO.run(
        ["watch", "--firebase-server", "--cache", cache.url.path, "--every", "60"],
        replacing: [.makeWatch(environment: environment)])
      #expect(status == .failure)
      #expect(capture.error.hasPrefix("switchyard watch: error: No Google credentials found."))
      #expect(harness.google.server.requests.isEmpty)
    }
  }

  @Test("watch --every prints one line for a change published on Firebase, and none for 304s")
  func watchPrintsEachChange() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(
        Self.template(greeting: "hi"), project: project, namespace: .firebaseServer)
      // A fixed token: no token request is ever in flight, and the rounds run on their own
      // clock, so the test moves nothing under a request.
      harness.google.acceptAccessToken("ya29.watch")
      let time = PeriodClock(period: .seconds(30), now: harness.google.now)
      var environment = harness.environment
      environment.timeSource = time
      environment.variables["GOOGLE_OAUTH_ACCESS_TOKEN"] = "ya29.watch"
      let cache = try TemporaryDirectory()
      // A child task: the suite's time limit cancels it should the update never come.
      async let watch = CapturedToolIO.run(
        [
          "watch", "--firebase-server", "--project", project, "--cache", cache.url.path,
          "--every", "30", "--max-updates", "1",
        ], replacing: [.makeWatch(environment: environment)])
      await time.startNextRound()  // unchanged: 304
      await time.waitForRoundToEnd()
      try harness.google.publishTemplate(
        Self.template(greeting: "welcome back"), project: project, namespace: .firebaseServer)
      await time.startNextRound()  // the change
      let (status, capture) = await watch
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"version":2,"updatedKeys":["welcome"]}"#])
      let requests = harness.google.requests(to: .serverTemplate(project: project))
      let etag = harness.google.etag(project: project, namespace: .firebaseServer, version: 1)
      #expect(requests.map { $0.header("If-None-Match") } == [nil, etag, etag])
      #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer ya29.watch" })
      #expect(harness.google.requests(to: .token).isEmpty)
    }
  }

  @Test(
    "the source options are checked before anything is sent",
    arguments: [
      ["fetch", "--firebase-server", "--url", "http://127.0.0.1:1/t", "--cache", "/tmp/x"],
      ["fetch", "--project", "p", "--url", "http://127.0.0.1:1/t", "--cache", "/tmp/x"],
      ["watch", "--firebase-server", "--cache", "/tmp/x"],
      [
        "watch", "--firebase-server", "--cache", "/tmp/x", "--every", "60", "--stream", "http://a/",
      ],
      ["watch", "--firebase-server", "--cache", "/tmp/x", "--every", "0"],
    ])
  func usage(arguments: [String]) async throws {
    try await FirebaseCommandHarness.with { harness in
      let (status, _) = await harness.run(arguments)
      #expect(status == .usage)
      #expect(harness.google.server.requests.isEmpty)
    }
  }
}
