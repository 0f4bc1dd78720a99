import Core
import RootRouting
import SwitchyardTestSupport
import Testing

/// A runtime on the manual clock with held effects, read as a transcript: each event the
/// test sends or answers is followed by the step it caused, in order.
struct RuntimeTranscript {
  typealias Action = RootStateMachine.Action

  /// How long a launch without a cached config waits for the config.
  static let loadingTimeout = Duration.seconds(5)
  static let descriptors = TestFeatures.all + [TestFeatures.review]

  let effects = HeldEffects()
  let time = ManualTimeSource(now: TestTime.start)
  let runtime: RootRuntime
  private var steps: AsyncStream<RootRuntime.Step>.Iterator

  /// A runtime for a phone app at 2.3.0 with the test courses, timed by `clock` (the manual
  /// clock unless given).
  init(clock: (any TimeSource)? = nil) throws {
    runtime = RootRuntime(
      machine: RootStateMachine(
        descriptors: Self.descriptors, appVersion: try Fixture.version("2.3.0"), idiom: .phone),
      effects: effects.effects, timeSource: clock ?? time, loadingTimeout: Self.loadingTimeout)
    steps = runtime.steps().makeAsyncIterator()
  }

  /// The route the planner gives for these inputs, with this transcript's courses.
  static func route(
    _ values: [String: String]?, origin: ConfigOrigin = .activated, _ session: SessionStatus,
    _ profile: ProfileStatus = .notLoaded
  ) throws -> Route {
    try Fixture.route(values, origin: origin, session, profile, descriptors: descriptors)
  }

  /// Values activated with the stamp `sequence`.
  static func config(_ values: [String: String], _ sequence: UInt64) -> ActivatedConfig {
    ActivatedConfig(InMemoryConfigValues(values), stamp: ConfigStamp(sequence: sequence))
  }

  /// Launches; returns the actions after checking that the step says the same.
  mutating func start(cached: ActivatedConfig?) async throws -> [Action] {
    let actions = runtime.start(cachedConfig: cached)
    try await expectStep(.appLaunched, actions)
    return actions
  }

  /// Sends `event`; returns the actions after checking that the step says the same.
  mutating func send(_ event: RootRuntime.Event) async throws -> [Action] {
    let actions = runtime.send(event)
    try await expectStep(nil, actions)
    return actions
  }

  /// Answers a held effect and returns the step its answer caused.
  mutating func answer<Argument, Answer>(
    _ call: HeldCall<Argument, Answer>, _ answer: Answer
  ) async throws -> RootRuntime.Step {
    call.answer(answer)
    return try await next()
  }

  /// The next step.
  mutating func next() async throws -> RootRuntime.Step {
    try #require(await steps.next())
  }

  /// Whether the steps have ended (after `stop()`).
  mutating func stepsEnded() async -> Bool {
    await steps.next() == nil
  }

  private mutating func expectStep(_ event: EventName?, _ actions: [Action]) async throws {
    let step = try await next()
    if let event { #expect(step.event.name == event) }
    #expect(step.actions == actions)
    #expect(step.dropped == nil)
  }
}

/// The machine's events by name, for checking which event a step was.
enum EventName {
  case appLaunched, configActivated, configFetchFailed, loadingTimedOut, sessionRestored
  case signedIn, signedOut, sessionExpired, profileLoaded, profileFailed, appBecameActive
  case configUpdated, featureBecameBusy, featureBecameIdle, storeLinkTapped
}

extension RootStateMachine.Event {
  /// The case: `.configActivated` for `.configActivated(values)`.
  var name: EventName {
    switch self {
    case .appLaunched: .appLaunched
    case .configActivated: .configActivated
    case .configFetchFailed: .configFetchFailed
    case .loadingTimedOut: .loadingTimedOut
    case .sessionRestored: .sessionRestored
    case .signedIn: .signedIn
    case .signedOut: .signedOut
    case .sessionExpired: .sessionExpired
    case .profileLoaded: .profileLoaded
    case .profileFailed: .profileFailed
    case .appBecameActive: .appBecameActive
    case .configUpdated: .configUpdated
    case .featureBecameBusy: .featureBecameBusy
    case .featureBecameIdle: .featureBecameIdle
    case .storeLinkTapped: .storeLinkTapped
    }
  }
}
