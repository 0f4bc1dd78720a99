import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// The command's transcripts are the runtime's: the same events fed to a `RootRuntime` with
/// held effects, written as an app would drive it, give the same actions line for line.
@Suite("switchyard root agrees with RootRuntime", .timeLimit(.minutes(1)))
struct RootCommandRuntimeTests {
  static let now = "2026-06-01T00:00:00Z"

  /// Every kind of event, with late answers of each kind the runtime drops, a gate arriving
  /// as an update over a busy feature, and a change the busy feature holds until idle.
  static func events(maintenance: String, sample: String, juniorHighOff: String) -> [String] {
    [
      #"{"event": "appLaunched", "cachedConfig": false}"#,
      #"{"event": "sessionRestored", "user": "u1"}"#,
      #"{"event": "signedOut"}"#,
      #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#,
      #"{"event": "configActivated"}"#,
      #"{"event": "loadingTimedOut"}"#,
      #"{"event": "signedIn", "user": "u2"}"#,
      #"{"event": "profileFailed", "user": "u2", "reason": "backend down"}"#,
      #"{"event": "appBecameActive"}"#,
      #"{"event": "profileLoaded", "user": "u2", "profile": {"stage": "juniorHigh", "year": 3}}"#,
      #"{"event": "featureBecameBusy"}"#,
      #"{"event": "configUpdated", "template": "\#(maintenance)"}"#,
      #"{"event": "configUpdated", "template": "\#(sample)"}"#,
      #"{"event": "featureBecameBusy"}"#,
      #"{"event": "configUpdated", "template": "\#(juniorHighOff)"}"#,
      #"{"event": "featureBecameIdle"}"#,
      #"{"event": "configUpdated", "template": "\#(sample)"}"#,
      #"{"event": "sessionExpired"}"#,
      #"{"event": "signedIn", "user": "u2"}"#,
      #"{"event": "profileLoaded", "user": "u2", "profile": {"stage": "juniorHigh", "year": 3}}"#,
      #"{"event": "storeLinkTapped"}"#,
    ]
  }

  /// A runtime for the tool's app on a pad with held effects, driven line by line.
  private struct Direct {
    let app: AppComposition
    let now: Date
    let fetches = HeldEffect<Void, RootRuntime.FetchAnswer>()
    let restores = HeldEffect<Void, UserID?>()
    let profileLoads = HeldEffect<UserID, RootRuntime.ProfileAnswer>()
    let time = HeldTimeSource()
    let runtime: RootRuntime
    var steps: AsyncStream<RootRuntime.Step>.Iterator

    init(now: Date) throws {
      app = try AppComposition.standard()
      self.now = now
      runtime = RootRuntime(
        machine: RootStateMachine(
          descriptors: app.descriptors, appVersion: try SemanticVersion(parsing: "2.3.0"),
          idiom: .pad),
        effects: RootRuntime.Effects(
          fetchConfig: { [fetches] in await fetches.call(()) },
          restoreSession: { [restores] in await restores.call(()) },
          loadProfile: { [profileLoads] user in await profileLoads.call(user) },
          openStoreURL: { _ in }),
        timeSource: time, loadingTimeout: .seconds(3))
      steps = runtime.steps().makeAsyncIterator()
    }

    /// `template`'s values for who is signed in, as an app evaluates them.
    func values(_ template: CompiledTemplate, stamp: Int) throws -> ActivatedConfig {
      let (user, profile) = runtime.session
      let context = AppSignals.completing(
        EvaluationContext(randomizationID: user?.rawValue),
        for: RouteInput(
          session: .unknown, profile: profile, appVersion: try SemanticVersion(parsing: "2.3.0"),
          idiom: .pad))
      return ActivatedConfig(
        template.evaluate(context, defaults: app.defaults, now: now),
        stamp: ConfigStamp(sequence: UInt64(stamp)))
    }

    mutating func handle(_ event: RootTranscriptEvent, line: Int) async throws -> RootRuntime.Step {
      let sample = CompiledTemplate(try Template(json: SampleTemplate.json))
      switch event {
      case .appLaunched(let cached):
        runtime.start(cachedConfig: cached ? try values(sample, stamp: 0) : nil)
      case .configActivated:
        // The fetch the launch (line 1) started.
        try await fetches.next().answer(.activated(try values(sample, stamp: 1)))
      case .configFetchFailed(let reason):
        try await fetches.next().answer(.failed(reason: reason))
      case .configUpdated(let path):
        let template = CompiledTemplate(
          try Template(jsonBytes: try Data(contentsOf: URL(fileURLWithPath: path))))
        runtime.send(.configUpdated(try values(template, stamp: line)))
      case .loadingTimedOut: try await time.sleeps.next().answer(())
      case .sessionRestored(let user): try await restores.next().answer(user)
      case .profileLoaded(let profile, let user):
        let load = try await profileLoads.next()
        #expect(load.argument == user)
        load.answer(.loaded(profile))
      case .profileFailed(let reason, let user):
        let load = try await profileLoads.next()
        #expect(load.argument == user)
        load.answer(.failed(reason: reason))
      case .signedIn(let user): runtime.send(.signedIn(user))
      case .signedOut: runtime.send(.signedOut)
      case .sessionExpired: runtime.send(.sessionExpired)
      case .appBecameActive: runtime.send(.appBecameActive)
      case .featureBecameBusy: runtime.send(.featureBecameBusy)
      case .featureBecameIdle: runtime.send(.featureBecameIdle)
      case .storeLinkTapped: runtime.send(.storeLinkTapped)
      }
      return try #require(await steps.next())
    }
  }

  @Test(
    "the same events, fed to the runtime directly and to the command, give the same actions and drops, line for line"
  )
  func agree() async throws {
    let directory = try TemporaryDirectory()
    let events = Self.events(
      maintenance: try directory.write(
        "maintenance.json",
        #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#),
      sample: try directory.write("sample.json", SampleTemplate.json),
      juniorHighOff: try directory.write(
        "junior-high-off.json",
        #"{"parameters": {"junior_high_enabled": {"defaultValue": {"value": "false"}}}}"#))
    let (status, capture) = await CapturedToolIO.run(
      ["root", "--events", "-", "--idiom", "pad", "--now", Self.now], input: events)
    #expect(status == .success)

    var direct = try Direct(now: try Timestamp.parse(Self.now))
    var expected: [String] = []
    for (index, line) in events.enumerated() {
      guard case .object(let object) = try JSONParser().parse(line) else {
        Issue.record("not an object: \(line)")
        return
      }
      let step = try await direct.handle(try RootTranscriptEvent(json: object), line: index + 1)
      var writer = JSONTextWriter()
      RootTranscriptReport.write(
        RootTranscript.Outcome(actions: step.actions, dropped: step.dropped.map { .stale($0) }),
        line: index + 1,
        into: &writer)
      expected.append(writer.text)
    }
    direct.runtime.stop()
    #expect(capture.outputLines.count == events.count)
    for (command, runtime) in zip(capture.outputLines, expected) {
      #expect(command == runtime)
    }
    // The transcript shows what it is meant to: each kind of late answer, and routes.
    #expect(expected.filter { $0.contains(#""dropped""#) }.count == 2)
    #expect(expected[11].contains(#""screen":"maintenance""#))
    #expect(expected[14] == #"{"line":15,"actions":[]}"#)
    #expect(expected[15].contains(#""screen":"unavailable""#))
    #expect(expected[18].contains(#""screen":"juniorHigh""#))
  }
}
