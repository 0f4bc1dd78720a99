import ConfigClient
import ConfigEngine
import Core
import Foundation
import RootRouting
import SwitchyardTestSupport
import Testing

@testable import ConfigRouting
@testable import switchyard

/// The command's transcripts are the app's: the same events, driven as an app that keeps a
/// `RemoteConfigClient` drives its root through `RootClientBridge` (the runtime wired to the
/// client by the bridge's own link, so the client's values follow the user as the bridge
/// makes them), give the same actions and drops line for line, and the command reads the
/// values the client holds after every line.
@Suite("switchyard root agrees with the runtime wired to a client", .timeLimit(.minutes(1)))
struct RootCommandRuntimeTests {
  static let now = "2026-06-01T00:00:00Z"

  /// A routing sequence for an app at `appVersion` on `idiom`.
  struct Sequence: Sendable, CustomStringConvertible {
    let description: String
    let appVersion: String
    let idiom: DeviceIdiom
    /// The event lines; `$NAME` stands for the path of the template `NAME.json`.
    let events: [String]
  }

  static let userFortyTwo =
    #"{"event": "profileLoaded", "user": "user-42", "profile": {"stage": "elementary", "year": 2}}"#

  /// Between them, every kind of event, every action, every late answer the runtime drops,
  /// and values that follow the user: a config that arrives before the profile (grade 2 is
  /// open to user-42 by their id and their profile's signals), an expiry, a sign-out.
  static let sequences = [
    Sequence(
      description: "a launch without a cache", appVersion: "2.3.0", idiom: .pad,
      events: [
        #"{"event": "appLaunched", "cachedConfig": false}"#,
        #"{"event": "sessionRestored", "user": "u1"}"#,
        #"{"event": "signedOut"}"#,
        #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#,
        #"{"event": "configActivated"}"#,
        #"{"event": "loadingTimedOut"}"#,
        #"{"event": "signedIn", "user": "user-42"}"#,
        #"{"event": "profileFailed", "user": "user-42", "reason": "backend down"}"#,
        #"{"event": "appBecameActive"}"#,
        userFortyTwo,
        #"{"event": "featureBecameBusy"}"#,
        #"{"event": "configUpdated", "template": "$maintenance"}"#,
        #"{"event": "configUpdated", "template": "$sample"}"#,
        #"{"event": "featureBecameBusy"}"#,
        #"{"event": "configUpdated", "template": "$elementary-off"}"#,
        #"{"event": "featureBecameIdle"}"#,
        #"{"event": "configUpdated", "template": "$sample"}"#,
        #"{"event": "sessionExpired"}"#,
        #"{"event": "signedIn", "user": "user-42"}"#,
        userFortyTwo,
        #"{"event": "signedOut"}"#,
        #"{"event": "storeLinkTapped"}"#,
      ]),
    Sequence(
      description: "a cached launch of an app that must update", appVersion: "1.9.9",
      idiom: .pad,
      events: [
        #"{"event": "appLaunched", "cachedConfig": true}"#,
        #"{"event": "storeLinkTapped"}"#,
        #"{"event": "signedIn", "user": "u1"}"#,
        #"{"event": "sessionRestored", "user": "u9"}"#,
        #"{"event": "configUpdated", "template": "$no-forced-update"}"#,
        #"{"event": "configActivated"}"#,
        #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "juniorHigh", "year": 3}}"#,
        #"{"event": "signedOut"}"#,
      ]),
    Sequence(
      description: "an offline launch", appVersion: "2.3.0", idiom: .phone,
      events: [
        #"{"event": "appLaunched", "cachedConfig": false}"#,
        #"{"event": "configFetchFailed", "reason": "offline"}"#,
        #"{"event": "sessionRestored", "user": null}"#,
        #"{"event": "signedIn", "user": "user-42"}"#,
        userFortyTwo,
        #"{"event": "configUpdated", "template": "$sample"}"#,
        #"{"event": "sessionExpired"}"#,
        #"{"event": "signedIn", "user": "user-7"}"#,
        #"{"event": "profileLoaded", "user": "user-7", "profile": {"stage": "juniorHigh", "year": 1}}"#,
      ]),
  ]

  /// The templates the sequences name.
  static let templates = [
    "maintenance": #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#,
    "sample": SampleTemplate.json,
    "elementary-off":
      #"{"parameters": {"elementary_enabled": {"defaultValue": {"value": "false"}}}}"#,
    "no-forced-update":
      #"{"parameters": {"force_alert_information": {"defaultValue": {"value": "{}"}}}}"#,
  ]

  /// The tool's app run as an app that keeps a `RemoteConfigClient` runs it: a runtime whose
  /// effects are `RootClientBridge`'s link over a real client, the restore and the profile
  /// loads held for the lines to answer. The fetch is held too, counted as the link counts
  /// its own: the line activates the template in the client (or, answering after an update,
  /// nothing newer, as a server's 304 would) and the link answers with the client's snapshot.
  /// The client's activations and the runtime's steps are followed where the bridge's
  /// listeners would follow them, awaited so that nothing races the next line.
  private struct Bridged {
    let source = InMemoryTemplateSource()
    /// The client's clock: each line a millisecond later, as events on a device are.
    let clock: ManualTimeSource
    let client: RemoteConfigClient
    let link: ClientRuntimeLink
    let fetches = HeldEffect<UInt64, RootRuntime.FetchAnswer>()
    let restores = HeldEffect<Void, UserID?>()
    let profileLoads = HeldEffect<UserID, RootRuntime.ProfileAnswer>()
    let timer = HeldTimeSource()
    let runtime: RootRuntime
    var steps: AsyncStream<RootRuntime.Step>.Iterator
    /// Whether an update was applied while the launch's fetch was out.
    var updatedDuringFetch = false

    init(appVersion: SemanticVersion, idiom: DeviceIdiom, now: Date) throws {
      let app = try AppComposition.standard()
      clock = ManualTimeSource(now: now)
      client = RemoteConfigClient(
        settings: RemoteConfigSettings(minimumFetchInterval: .zero), source: source,
        store: InMemoryConfigStore(), timeSource: clock, defaults: app.defaults)
      link = ClientRuntimeLink(client: client, appVersion: appVersion, idiom: idiom)
      var effects = link.effects(
        RootClientBridge.AppEffects(
          restoreSession: { [restores] in await restores.call(()) },
          loadProfile: { [profileLoads] user in await profileLoads.call(user) },
          openStoreURL: { _ in }))
      effects.fetchConfig = { [link, fetches] in await fetches.call(link.nextSequence()) }
      runtime = RootRuntime(
        machine: RootStateMachine(
          descriptors: app.descriptors, appVersion: appVersion, idiom: idiom),
        effects: effects, timeSource: timer, loadingTimeout: .seconds(3))
      link.attach(runtime)
      steps = runtime.steps().makeAsyncIterator()
    }

    /// The steps `event` caused, as the command's outcome for the line.
    mutating func handle(_ event: RootTranscriptEvent) async throws -> RootTranscript.Outcome {
      clock.advance(by: .milliseconds(1))
      var outcome = RootTranscript.Outcome(actions: [], dropped: nil)
      switch event {
      case .appLaunched(let cached):
        // What `RootClientBridge.start()` does.
        await link.restoreForLaunch()
        if cached { try await activate(SampleTemplate.json) }
        runtime.start(cachedConfig: link.activated(client.snapshot))
        try await step(&outcome)
      case .configActivated:
        let fetch = try await fetches.next()
        if !updatedDuringFetch { try await activate(SampleTemplate.json) }
        fetch.answer(link.fetched(sequence: fetch.argument))
        try await step(&outcome)
      case .configFetchFailed(let reason):
        try await fetches.next().answer(.failed(reason: reason))
        try await step(&outcome)
      case .configUpdated(let path):
        try await activate(try String(contentsOfFile: path, encoding: .utf8))
        updatedDuringFetch = fetches.callCount == 1
        // What the bridge's listener does with the client's update.
        link.forward(client.snapshot)
        try await step(&outcome)
      case .loadingTimedOut:
        try await timer.sleeps.next().answer(())
        try await step(&outcome)
      case .sessionRestored(let user):
        try await restores.next().answer(user)
        try await answered(&outcome)
      case .profileLoaded(let profile, let user):
        try await answerProfile(of: user, .loaded(profile), &outcome)
      case .profileFailed(let reason, let user):
        try await answerProfile(of: user, .failed(reason: reason), &outcome)
      case .signedIn(let user): try await send(.signedIn(user), &outcome)
      case .signedOut: try await send(.signedOut, &outcome)
      case .sessionExpired: try await send(.sessionExpired, &outcome)
      case .appBecameActive: try await send(.appBecameActive, &outcome)
      case .featureBecameBusy: try await send(.featureBecameBusy, &outcome)
      case .featureBecameIdle: try await send(.featureBecameIdle, &outcome)
      case .storeLinkTapped: try await send(.storeLinkTapped, &outcome)
      }
      return outcome
    }

    /// Fetches `json` into the client and activates it.
    private func activate(_ json: String) async throws {
      source.enqueue(.template(json))
      _ = try await client.fetch(ignoringMinimumInterval: true)
      await client.activate()
    }

    private mutating func answerProfile(
      of user: UserID, _ answer: RootRuntime.ProfileAnswer,
      _ outcome: inout RootTranscript.Outcome
    ) async throws {
      let load = try await profileLoads.next()
      #expect(load.argument == user)
      load.answer(answer)
      try await answered(&outcome)
    }

    /// Reads the steps up to an effect's answer: the values the link forwarded before it,
    /// then the answer's.
    private mutating func answered(_ outcome: inout RootTranscript.Outcome) async throws {
      while case .configUpdated = try await step(&outcome).event {}
    }

    /// Sends `event` and follows its step as the bridge's listener does.
    private mutating func send(
      _ event: RootRuntime.Event, _ outcome: inout RootTranscript.Outcome
    ) async throws {
      runtime.send(event)
      let sent = try await step(&outcome)
      let applied = runtime.appliedStamp
      await link.follow(sent)
      if runtime.appliedStamp != applied { try await step(&outcome) }
    }

    @discardableResult
    private mutating func step(_ outcome: inout RootTranscript.Outcome) async throws
      -> RootRuntime.Step
    {
      let step = try #require(await steps.next())
      outcome.actions += step.actions
      if let dropped = step.dropped { outcome.dropped = .stale(dropped) }
      return step
    }
  }

  /// Runs `root` over `sequence` with its templates written to `directory`; returns the
  /// event lines as given and the output.
  static func run(
    _ sequence: Sequence, in directory: TemporaryDirectory
  ) async throws -> (events: [String], output: [String]) {
    var paths: [String: String] = [:]
    for (name, json) in templates {
      paths[name] = try directory.write("\(name).json", json)
    }
    let events = sequence.events.map { line in
      paths.reduce(line) { $0.replacingOccurrences(of: "$\($1.key)\"", with: "\($1.value)\"") }
    }
    let (status, capture) = await CapturedToolIO.run(
      [
        "root", "--events", "-", "--idiom", sequence.idiom.rawValue, "--app-version",
        sequence.appVersion, "--now", now,
      ], input: events)
    #expect(capture.error == "")
    #expect(status == .success)
    return (events, capture.outputLines)
  }

  @Test(
    "the same events, fed to the command and to the runtime wired to a client as the bridge wires it, give the same actions and drops line for line, and the same values",
    arguments: sequences)
  func agree(_ sequence: Sequence) async throws {
    let directory = try TemporaryDirectory()
    let (events, output) = try await Self.run(sequence, in: directory)
    let now = try Timestamp.parse(Self.now)
    let appVersion = try SemanticVersion(parsing: sequence.appVersion)
    var bridged = try Bridged(appVersion: appVersion, idiom: sequence.idiom, now: now)
    var transcript = try RootTranscript(
      template: CompiledTemplate(try Template(json: SampleTemplate.json)),
      appVersion: appVersion, idiom: sequence.idiom, now: now,
      loadTemplate: { path in
        CompiledTemplate(try Template(json: try String(contentsOfFile: path, encoding: .utf8)))
      })
    defer {
      transcript.stop()
      bridged.runtime.stop()
    }
    var expected: [String] = []
    for (index, line) in events.enumerated() {
      let event = try RootTranscriptEvent(
        json: try #require(try JSONParser().parse(line).objectValue))
      let outcome = try await bridged.handle(event)
      var writer = JSONTextWriter()
      RootTranscriptReport.write(outcome, line: index + 1, into: &writer)
      expected.append(writer.text)

      // The values the command reads for the line are the client's.
      #expect(try await transcript.handle(event, line: index + 1) == outcome, "line \(index + 1)")
      let values = bridged.client.snapshot
      if let applied = transcript.applied {
        #expect(
          applied.route.values.keysWithChangedValues(comparedTo: values) == [],
          "line \(index + 1)")
      } else {
        #expect(values.template == nil, "line \(index + 1)")
      }
    }
    #expect(output == expected)
  }

  @Test(
    "the sequences hold every kind of event, every action, every drop the runtime makes, and values that follow the user"
  )
  func coverage() async throws {
    var events: Set<String> = []
    var actions: Set<String> = []
    var drops: Set<String> = []
    var outputs: [[String]] = []
    for sequence in Self.sequences {
      let (lines, output) = try await Self.run(sequence, in: try TemporaryDirectory())
      outputs.append(output)
      for line in lines {
        events.insert(try #require(try JSONParser().parse(line)["event"]?.stringValue))
      }
      for line in output {
        let answer = try JSONParser().parse(line)
        for action in answer["actions"]?.arrayValue ?? [] {
          actions.insert(try #require(action["action"]?.stringValue))
        }
        if let dropped = answer["dropped"]?.stringValue { drops.insert(dropped) }
      }
    }
    #expect(events == Set(RootTranscriptEvent.fields.map(\.key)))
    #expect(
      actions == [
        "fetchConfig", "restoreSession", "loadProfile", "startLoadingTimer", "cancelLoadingTimer",
        "showRoute", "openStoreURL",
      ])
    #expect(
      drops == ["configNotNewer", "restoreSuperseded", "sessionEnded", "timerCancelled"])
    // user-42's grade 2 is open by their id and profile: the config that came before the
    // profile was evaluated again for them.
    #expect(outputs[0][9].contains(#""screen":"elementary""#), "\(outputs[0][9])")
  }
}
