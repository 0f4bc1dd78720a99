import ConfigClient
import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// `route`, `home`, `fetch` and `watch` with `--firebase-app`, end to end against a fake
/// Google on 127.0.0.1 (installations, the app fetch, the real-time stream), with real cache
/// directories and a manual clock.
@Suite("switchyard --firebase-app", .timeLimit(.minutes(3)))
struct FirebaseAppCommandsTests {
  static let project = "school-app"
  static let projectNumber = "123456789012"
  static let appID = "1:123456789012:ios:0a1b2c3d4e5f"
  static let apiKey = "AIzaSy-command-key-0123456789abcdef"
  /// Grade 2 of the elementary course opens to iPads only, by the signals the app sets.
  static let template = """
    {"conditions": [{"name": "grade2_pad", "expression":
       "app.customSignal['stage'].exactlyMatches(['elementary']) && app.customSignal['year'] == 2 && app.customSignal['idiom'].exactlyMatches(['pad'])"}],
     "parameters": {
       "elementary_supported_grades": {"defaultValue": {"value": "[1]"},
         "conditionalValues": {"grade2_pad": {"value": "[1, 2]"}}}}}
    """

  /// A fake serving the app, a cache directory, the clock, and the commands on them.
  struct Harness {
    let google: FakeGoogle
    let cache: TemporaryDirectory
    let time: ManualTimeSource
    var environment: NetworkCommandEnvironment

    static func with(_ body: (Harness) async throws -> Void) async throws {
      try await FakeGoogle.with { google in
        google.addProject(project)
        try google.addApp(appID, apiKey: apiKey, project: project)
        try google.publishTemplate(template, project: project)
        let time = ManualTimeSource(now: google.now)
        let base = google.baseURL.absoluteString
        let environment = NetworkCommandEnvironment(
          timeSource: time, random: .constant(0),
          variables: [
            "FIREBASE_REMOTE_CONFIG_URL_BASE": base,
            "SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE": base,
            "SWITCHYARD_FIREBASE_REALTIME_URL_BASE": base,
          ])
        try await body(
          Harness(
            google: google, cache: try TemporaryDirectory(), time: time, environment: environment))
      }
    }

    var commands: [ToolCommand] {
      [
        .makeRoute(environment: environment), .makeHome(environment: environment),
        .makeFetch(environment: environment), .makeWatch(environment: environment),
      ]
    }

    /// `--firebase-app APP_ID --api-key KEY --cache DIR`.
    var app: [String] {
      ["--firebase-app", appID, "--api-key", apiKey, "--cache", cache.url.path]
    }

    func run(_ arguments: [String]) async -> (
      status: switchyard.ExitStatus, capture: CapturedToolIO
    ) {
      await CapturedToolIO.run(arguments, replacing: commands)
    }

    /// Moves the command's clock and the fake's together.
    func advance(by seconds: TimeInterval) {
      time.advance(by: .seconds(seconds))
      google.advance(by: seconds)
    }

    var fetches: [LoopbackRequest] {
      google.requests(to: .appFetch(project: projectNumber))
    }
    var registrations: [LoopbackRequest] {
      google.requests(to: .installations(project: projectNumber))
    }

    /// The API key and every token the fake issued.
    var secrets: [String] { [apiKey] + google.installationTokens }
  }

  static let grade2Pad = ["--signed-in", "--stage", "elementary", "--year", "2", "--idiom", "pad"]

  @Test("route routes a user from the values Firebase evaluated for the app's signals")
  func route() async throws {
    try await Harness.with { harness in
      let (status, capture) = await harness.run(["route"] + harness.app + Self.grade2Pad)
      #expect(status == .success, "\(capture.error)")
      #expect(capture.output.hasPrefix(#"{"screen":"elementary","#))
      #expect(capture.error.contains("fetched template version 1 from Firebase app \(Self.appID)"))
      let body = try JSONParser().parse(try #require(harness.fetches.first).body)
      #expect(body["customSignals"] == ["stage": "elementary", "year": "2", "idiom": "pad"])
      #expect(body["appVersion"] == "2.3.0")

      // The phone is not in the rollout: new signals, fetched again within the interval.
      let phone = Self.grade2Pad.dropLast() + ["phone"]
      let (_, other) = await harness.run(["route"] + harness.app + phone)
      #expect(other.output.hasPrefix(#"{"screen":"unavailable","#))
      #expect(harness.fetches.count == 2)
      #expect(harness.registrations.count == 1)
      for text in [capture.output, capture.error, other.output, other.error] {
        for secret in harness.secrets { #expect(!text.contains(secret)) }
      }
    }
  }

  @Test("home shows the home model of the feature the fetched values open")
  func home() async throws {
    try await Harness.with { harness in
      let (status, capture) = await harness.run(
        ["home"] + harness.app + ["--stage", "elementary", "--year", "2", "--idiom", "pad"])
      #expect(status == .success, "\(capture.error)")
      #expect(capture.output.hasPrefix(#"{"feature":"elementary","#))
    }
  }

  @Test("a second run registers nothing; a new auth token only once less than an hour remains")
  func restart() async throws {
    try await Harness.with { harness in
      let route = ["route"] + harness.app + Self.grade2Pad
      #expect(await harness.run(route).status == .success)
      let (_, cached) = await harness.run(route)
      #expect(cached.error.contains("served from cache"))
      #expect(harness.fetches.count == 1)

      harness.advance(by: 13 * 3600)
      let (status, fetched) = await harness.run(route)
      #expect(status == .success)
      #expect(fetched.error.contains("not modified"))
      #expect(harness.fetches.count == 2)
      #expect(harness.registrations.count == 1)
      #expect(harness.google.authTokenRequests(project: Self.project).isEmpty)

      // The token lasts 7 days: with 30 minutes of it left, one new token, no registration.
      harness.advance(by: 7 * 86_400 - 13 * 3600 - 1800)
      #expect(await harness.run(route).status == .success)
      #expect(harness.google.authTokenRequests(project: Self.project).count == 1)
      #expect(harness.registrations.count == 1)
      #expect(harness.fetches.count == 3)
    }
  }

  @Test("fetch prints the app's values, and the cache with a warning when Firebase is down")
  func fetchServesCache() async throws {
    try await Harness.with { harness in
      let (status, capture) = await harness.run(["fetch"] + harness.app)
      #expect(status == .success, "\(capture.error)")
      #expect(
        capture.outputLines == [
          #"{"elementary_supported_grades":{"value":"[1]","source":"remote"}}"#
        ])

      var down = harness
      let nowhere = "http://127.0.0.1:\(try ClosedLoopbackPort().port)"
      for name in down.environment.variables.keys { down.environment.variables[name] = nowhere }
      harness.advance(by: 13 * 3600)
      let (cachedStatus, cached) = await down.run(["fetch"] + harness.app)
      #expect(cachedStatus == .success)
      #expect(cached.outputLines == capture.outputLines)
      #expect(cached.error.hasPrefix("switchyard fetch: warning: fetch failed: cannot reach"))
      #expect(cached.error.hasSuffix("; using the cached values\n"))
      #expect(cached.error.split(separator: "\n").count == 1)

      let empty = try TemporaryDirectory()
      let (emptyStatus, nothing) = await down.run(
        [
          "fetch", "--firebase-app", Self.appID, "--api-key", Self.apiKey, "--cache",
          empty.url.path,
        ])
      #expect(emptyStatus == .failure)
      #expect(nothing.output.isEmpty)
      #expect(nothing.error.hasSuffix("; nothing is cached yet\n"))
      for text in [capture.error, cached.error, nothing.error] {
        for secret in harness.secrets { #expect(!text.contains(secret)) }
      }
    }
  }

  @Test("route falls back to the cached values when Firebase is down, and exits 1 with none")
  func routeServesCache() async throws {
    try await Harness.with { harness in
      let route = ["route"] + harness.app + Self.grade2Pad
      #expect(await harness.run(route).status == .success)
      var down = harness
      let nowhere = "http://127.0.0.1:\(try ClosedLoopbackPort().port)"
      for name in down.environment.variables.keys { down.environment.variables[name] = nowhere }
      harness.advance(by: 13 * 3600)
      let (status, capture) = await down.run(route)
      #expect(status == .success)
      #expect(capture.output.hasPrefix(#"{"screen":"elementary","#))
      #expect(capture.error.contains("warning:"))

      let empty = try TemporaryDirectory()
      let (emptyStatus, nothing) = await down.run(
        [
          "route", "--firebase-app", Self.appID, "--api-key", Self.apiKey, "--cache",
          empty.url.path,
        ]
          + Self.grade2Pad)
      #expect(emptyStatus == .failure)
      #expect(nothing.output.isEmpty)
    }
  }

  @Test("the API key may come from SWITCHYARD_FIREBASE_API_KEY")
  func keyFromEnvironment() async throws {
    try await Harness.with { harness in
      var keyed = harness
      keyed.environment.variables["SWITCHYARD_FIREBASE_API_KEY"] = Self.apiKey
      let (status, capture) = await keyed.run(
        ["fetch", "--firebase-app", Self.appID, "--cache", harness.cache.url.path])
      #expect(status == .success, "\(capture.error)")
      let fetch = try #require(harness.fetches.first)
      #expect(fetch.header("X-Goog-Api-Key") == Self.apiKey)
    }
  }

  @Test("watch follows the app's real-time stream and prints a line per update")
  func watch() async throws {
    try await Harness.with { harness in
      async let watch = harness.run(["watch"] + harness.app + ["--max-updates", "1"])
      await harness.google.waitForRealtimeStreams(count: 1)
      try harness.google.publishTemplate(
        Self.template.replacingOccurrences(of: "\"[1]\"", with: "\"[1, 2, 3]\""),
        project: Self.project)
      let (status, capture) = await watch
      #expect(status == .success, "\(capture.error)")
      #expect(
        capture.outputLines == [#"{"version":2,"updatedKeys":["elementary_supported_grades"]}"#])
      #expect(
        capture.error.contains("listening to the real-time stream of Firebase app \(Self.appID)"))
      let stream = try #require(
        harness.google.requests(to: .realtime(project: Self.projectNumber)).first)
      #expect(stream.header("X-Goog-Api-Key") == Self.apiKey)
      #expect(harness.fetches.last?.header("X-Firebase-RC-Fetch-Type") == "REALTIME/1")
      for secret in harness.secrets {
        #expect(!capture.output.contains(secret) && !capture.error.contains(secret))
      }
    }
  }

  @Test("watch --every polls the app's values instead: a line per change, none when unchanged")
  func watchEvery() async throws {
    try await Harness.with { harness in
      let time = PeriodClock(period: .seconds(30), now: harness.google.now)
      var environment = harness.environment
      environment.timeSource = time
      // A child task: the suite's time limit cancels it should the update never come.
      async let watch = CapturedToolIO.run(
        ["watch"] + harness.app + ["--every", "30", "--max-updates", "1"],
        replacing: [.makeWatch(environment: environment)])
      await time.startNextRound()  // unchanged
      await time.waitForRoundToEnd()
      try harness.google.publishTemplate(
        Self.template.replacingOccurrences(of: "\"[1]\"", with: "\"[1, 2, 3]\""),
        project: Self.project)
      await time.startNextRound()  // the change
      let (status, capture) = await watch
      #expect(status == .success, "\(capture.error)")
      #expect(
        capture.outputLines == [#"{"version":2,"updatedKeys":["elementary_supported_grades"]}"#])
      // Polled, not streamed: three fetches and no real-time stream.
      #expect(harness.fetches.count == 3)
      #expect(harness.google.requests(to: .realtime(project: Self.projectNumber)).isEmpty)
    }
  }

  @Test("watch exits 1 with Google's message when the real-time API refuses the stream")
  func watchRefused() async throws {
    try await Harness.with { harness in
      harness.google.refuseRealtime(
        project: Self.project, message: "Firebase Remote Config Realtime API is not enabled.")
      let (status, capture) = await harness.run(["watch"] + harness.app)
      #expect(status == .failure)
      #expect(
        capture.error.contains(
          "HTTP 403 PERMISSION_DENIED: Firebase Remote Config Realtime API is not enabled."))
    }
  }

  @Test(
    "the app's options are checked before anything is sent: usage errors exit 2",
    arguments: [
      ["fetch", "--firebase-app", appID, "--api-key", apiKey, "--url", "http://127.0.0.1:1/t"],
      ["fetch", "--firebase-app", appID, "--api-key", apiKey, "--firebase-server"],
      ["fetch", "--firebase-app", appID],
      ["fetch", "--firebase-app", "not-an-app-id", "--api-key", apiKey],
      ["fetch", "--url", "http://127.0.0.1:1/t", "--api-key", apiKey],
      ["route", "--firebase-app", appID, "--api-key", apiKey, "--scenarios", "-"],
      ["route", "--firebase-app", appID, "--api-key", apiKey, "--template", "t.json"],
      ["route", "--cache", "/tmp/x", "--signed-in"],
      ["route", "--firebase-app", appID, "--api-key", apiKey, "--signed-in"],
      ["home", "--api-key", apiKey, "--stage", "elementary", "--year", "1", "--idiom", "pad"],
      ["watch", "--firebase-app", appID, "--api-key", apiKey, "--stream", "http://127.0.0.1:1/s"],
    ])
  func usage(arguments: [String]) async throws {
    try await Harness.with { harness in
      let cache = arguments.contains("--cache") ? [] : ["--cache", harness.cache.url.path]
      let needsCache = arguments.first != "route" && arguments.first != "home"
      let (status, capture) = await harness.run(arguments + (needsCache ? cache : []))
      #expect(status == .usage, "\(capture.error)")
      #expect(capture.error.split(separator: "\n").count == 1)
      #expect(!capture.error.contains(Self.apiKey))
      #expect(harness.google.server.requests.count == 0)
    }
  }

  @Test("README's commands run as README spells them, the API key from the variable it sets")
  func readmeCommands() async throws {
    let block = try #require(
      try Readme.blocks().first { $0.language == "sh" && $0.text.contains("--firebase-app") })
    let lines = block.text.split(separator: "\n").map(String.init)
    let export = try #require(lines.first { $0.hasPrefix("export ") })
    let variable = String(export.dropFirst("export ".count).prefix { $0 != "=" })
    let commands = lines.filter { $0.hasPrefix("switchyard ") }.map { line in
      line.prefix { $0 != "#" }.split(separator: " ").dropFirst().map(String.init)
    }
    #expect(commands.map(\.first) == ["fetch", "route", "watch"])
    try await Harness.with { harness in
      let readmeApp = try #require(
        commands.first?.drop { $0 != "--firebase-app" }.dropFirst().first)
      try harness.google.addApp(readmeApp, apiKey: Self.apiKey, project: Self.project)
      try harness.google.publishTemplate(Self.template, project: Self.project)
      var keyed = harness
      keyed.environment.variables[variable] = Self.apiKey
      for command in commands {
        // The cache README names, here in a temporary directory; watch stops after one update.
        var arguments = command.map { $0 == "cache" ? harness.cache.url.path : $0 }
        if command.first == "watch" { arguments += ["--max-updates", "1"] }
        async let run = keyed.run(arguments)
        if command.first == "watch" {
          await harness.google.waitForRealtimeStreams(count: 1)
          try harness.google.publishTemplate(
            // The value the route's user (restored with the cache) gets changes.
            Self.template.replacingOccurrences(of: "\"[1, 2]\"", with: "\"[2]\""),
            project: Self.project)
        }
        let (status, capture) = await run
        #expect(status == .success, "\(command): \(capture.error)")
        if command.first == "route" {
          #expect(capture.output.hasPrefix(#"{"screen":"elementary","#))
        }
        if command.first == "watch" {
          #expect(capture.outputLines.first?.contains("elementary_supported_grades") == true)
        }
      }
    }
  }
}
