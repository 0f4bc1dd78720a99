import ConfigClient
import ConfigEngine
import Core
import RootRouting
import SwitchyardTestSupport
import Testing

@testable import ConfigRouting

/// The bridge over a real `RemoteConfigClient` on the manual clock, read as transcripts of
/// the runtime's steps. The app's effects (the restore, the profile) are held until the test
/// answers them; the template source answers at once unless it is held too.
@Suite("RootClientBridge", .timeLimit(.minutes(1)))
struct RootClientBridgeTests {
  typealias Step = RootRuntime.Step

  /// The base template: the course opens year 2 by the app's signals, no maintenance.
  static let base = ConfigRouterTests.templateJSON
  /// The same with maintenance on.
  static let maintenance =
    #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#
  static let ann: UserID = "ann"

  /// A client on an in-memory store and the manual clock, wired into a runtime for a phone app
  /// with the test course; the steps are read from before the launch.
  struct Transcript {
    let time = ManualTimeSource(now: TestTime.start)
    let store: InMemoryConfigStore
    let client: RemoteConfigClient
    let restores = HeldEffect<Void, UserID?>()
    let profileLoads = HeldEffect<UserID, RootRuntime.ProfileAnswer>()
    let bridge: RootClientBridge
    private var steps: AsyncStream<Step>.Iterator

    init(source: any TemplateSource, store: InMemoryConfigStore = InMemoryConfigStore()) throws {
      self.store = store
      client = RemoteConfigClient(
        settings: RemoteConfigSettings(minimumFetchInterval: .zero), source: source, store: store,
        timeSource: time, defaults: try RootClientBridgeTests.defaults())
      bridge = RootClientBridge(
        client: client, descriptors: [ConfigRouterTests.course],
        appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .phone,
        effects: RootClientBridge.AppEffects(
          restoreSession: { [restores] in await restores.call(()) },
          loadProfile: { [profileLoads] user in await profileLoads.call(user) },
          openStoreURL: { _ in }),
        timeSource: time, loadingTimeout: .seconds(30))
      steps = bridge.runtime.steps().makeAsyncIterator()
    }

    /// Starts the bridge over a source that answers the fetch at once, and reads the
    /// launch's steps: the launch, the fetch's answer and the client's update of it.
    mutating func launched() async throws {
      await bridge.start()
      for _ in 0..<3 { _ = try await next() }
    }

    /// The next step.
    mutating func next() async throws -> Step {
      try #require(await steps.next())
    }

    /// The steps up to and including the first of `event`.
    mutating func steps(through event: (RootStateMachine.Event) -> Bool) async throws -> [Step] {
      var steps: [Step] = []
      repeat { steps.append(try await next()) } while !event(steps[steps.count - 1].event)
      return steps
    }

    /// Whether the steps have ended.
    mutating func stepsEnded() async -> Bool {
      await steps.next() == nil
    }

    /// The screen on show.
    var screen: Screen { bridge.runtime.route.screen }
  }

  static func defaults() throws -> InAppDefaults {
    InAppDefaults(
      catalog: try ConfigKeyCatalog([
        RootRoutingKeys.keys,
        ConfigKeySet(module: "CourseFeature", keys: [ConfigRouterTests.courseYears.erased]),
      ]))
  }

  /// A store holding what an earlier run left: `template` activated, and `pending` fetched
  /// after it but not activated.
  static func earlierRun(_ template: String, pending: String? = nil) async throws
    -> InMemoryConfigStore
  {
    let store = InMemoryConfigStore()
    let source = InMemoryTemplateSource([.template(template, etag: "1")])
    if let pending { source.enqueue(.template(pending, etag: "2")) }
    let client = RemoteConfigClient(
      settings: RemoteConfigSettings(minimumFetchInterval: .zero), source: source, store: store,
      timeSource: ManualTimeSource(now: TestTime.start))
    try await client.fetchAndActivate()
    if pending != nil { _ = try await client.fetch() }
    return store
  }

  static func isConfig(_ event: RootStateMachine.Event) -> Bool {
    switch event {
    case .configActivated, .configUpdated: true
    default: false
    }
  }

  @Test(
    "launch without a cache: loading and a timer until the fetch activates; the activation, also reported as an update, routes once"
  )
  func launchWithoutCache() async throws {
    var t = try Transcript(source: InMemoryTemplateSource([.template(Self.base)]))
    await t.bridge.start()
    #expect(
      try await t.next().actions.dropLast()
        == [.fetchConfig, .restoreSession, .startLoadingTimer])
    #expect(t.screen == .loading)

    // The fetch's answer and the client's update carry the same activation, in either order:
    // the first routes, the second changes nothing.
    let config = [try await t.next(), try await t.next()]
    #expect(config.allSatisfy { Self.isConfig($0.event) })
    let routed = try #require(config.first { !$0.actions.isEmpty })
    #expect(routed.actions.first == .cancelLoadingTimer)
    #expect(routed.actions.last?.route?.reasons.first == .because("config: activated"))
    #expect(config.filter { $0.actions.isEmpty }.count == 1)
    #expect(t.time.sleeperCount == 0)

    try await t.restores.next().answer(nil)
    #expect(try await t.next().actions.map(\.route?.screen) == [.login])
    t.bridge.stop()
  }

  @Test("a failed fetch without a cache: the in-app defaults stand in at once")
  func launchOffline() async throws {
    var t = try Transcript(source: InMemoryTemplateSource([.connectivity("offline")]))
    await t.bridge.start()
    _ = try await t.next()
    let failed = try await t.next()
    guard case .configFetchFailed(let reason) = failed.event else {
      Issue.record("not a failed fetch: \(failed.event)")
      return
    }
    #expect(reason.contains("offline"))
    #expect(failed.actions.first == .cancelLoadingTimer)
    #expect(
      failed.actions.last?.route?.reasons.first
        == .because("config: in-app defaults, because no config arrived in time"))
    try await t.restores.next().answer(nil)
    t.bridge.stop()
  }

  @Test("launch with a cache: what restore() brings back is routed at once, before any fetch")
  func launchWithCache() async throws {
    let source = HeldTemplateSource()
    var t = try Transcript(source: source, store: try await Self.earlierRun(Self.maintenance))
    await t.bridge.start()
    let launch = try await t.next()
    #expect(launch.actions.dropLast() == [.fetchConfig, .restoreSession])
    let route = try #require(launch.actions.last?.route)
    #expect(route.screen == .maintenance(message: RootRoutingKeys.maintenanceMessage.defaultValue))
    #expect(route.reasons.first == .because("config: cached from an earlier launch"))
    var requests = source.requests.makeAsyncIterator()
    #expect(await requests.next() != nil)
    #expect(source.requestCount == 1)

    try await t.restores.next().answer(nil)
    t.bridge.stop()
  }

  @Test("a real-time-like update: the client activates a new template and the root routes it")
  func updateArrives() async throws {
    let source = InMemoryTemplateSource([.template(Self.base)])
    var t = try Transcript(source: source)
    await t.bridge.start()
    _ = try await t.next()
    _ = try await t.next()
    _ = try await t.next()
    try await t.restores.next().answer(nil)
    _ = try await t.next()
    #expect(t.screen == .login)

    // What the real-time updater does when the server announces a new version.
    source.enqueue(.template(Self.maintenance))
    t.time.advance(by: .seconds(5))
    _ = try await t.client.fetch(ignoringMinimumInterval: true)
    await t.client.activate()
    let update = try await t.next()
    guard case .configUpdated = update.event else {
      Issue.record("not an update: \(update.event)")
      return
    }
    #expect(update.dropped == nil)
    #expect(update.actions.map(\.route?.screen.name) == ["maintenance"])
    t.bridge.stop()
  }

  @Test(
    "a late fetch answer older than an update applied while it was in flight is dropped; the update stays"
  )
  func lateFetchAnswer() async throws {
    let source = HeldTemplateSource()
    var t = try Transcript(
      source: source, store: try await Self.earlierRun(Self.base, pending: Self.maintenance))
    await t.bridge.start()
    #expect(
      try await t.next().actions.last?.route?.reasons.first
        == .because("config: cached from an earlier launch"))
    var requests = source.requests.makeAsyncIterator()
    #expect(await requests.next() != nil)

    // While the fetch is out, the app activates what the earlier run fetched.
    t.time.advance(by: .seconds(5))
    await t.client.activate()
    let update = try await t.next()
    #expect(update.actions.map(\.route?.screen.name) == ["maintenance"])

    source.answer(.notModified)
    let fetched = try await t.next()
    guard case .configActivated = fetched.event else {
      Issue.record("not the fetch's answer: \(fetched.event)")
      return
    }
    #expect(fetched.dropped == .configNotNewer)
    #expect(fetched.actions == [])
    #expect(t.screen.name == "maintenance")

    try await t.restores.next().answer(nil)
    t.bridge.stop()
  }

  @Test(
    "the signals follow the profile: the client evaluates for the user before the runtime hears of the profile, and for nobody after sign-out"
  )
  func signalsFollowProfile() async throws {
    var t = try Transcript(source: InMemoryTemplateSource([.template(Self.base)]))
    try await t.launched()
    #expect(await t.client.context.customSignals[AppSignals.idiom] == "phone")
    #expect(await t.client.context.appVersion == "2.3.0")

    try await t.restores.next().answer(Self.ann)
    #expect(try await t.next().actions.first == .loadProfile(Self.ann))
    let load = try await t.profileLoads.next()
    load.answer(.loaded(UserProfile(grade: try .elementary(2))))
    // Year 2 is open only with the signals: without them the profile would route to
    // `unavailable` first.
    let steps = try await t.steps(through: {
      if case .profileLoaded = $0 { true } else { false }
    })
    #expect(steps.dropLast().allSatisfy { Self.isConfig($0.event) && $0.actions.isEmpty })
    #expect(steps.last?.actions.map(\.route?.screen) == [.feature("course")])
    let context = await t.client.context
    #expect(context.randomizationID == "ann")
    #expect(context.customSignals[AppSignals.stage] == "elementary")
    #expect(context.customSignals[AppSignals.year] == 2)
    #expect(t.client.snapshot["course_years"].rawValue == "[1, 2]")

    #expect(t.bridge.runtime.send(.signedOut).map(\.route?.screen) == [.login])
    _ = try await t.steps(through: Self.isConfig)
    let signedOut = await t.client.context
    #expect(signedOut.randomizationID == nil)
    #expect(signedOut.customSignals[AppSignals.stage] == nil)
    #expect(signedOut.customSignals[AppSignals.year] == nil)
    #expect(signedOut.customSignals[AppSignals.idiom] == "phone")
    #expect(t.client.snapshot["course_years"].rawValue == "[1]")
    t.bridge.stop()
  }

  @Test(
    "an expired session keeps its user's values: signing in again as the same user shows their feature at once, which reads them"
  )
  func expiryKeepsValues() async throws {
    var t = try Transcript(source: InMemoryTemplateSource([.template(Self.base)]))
    try await t.launched()
    try await t.restores.next().answer(Self.ann)
    _ = try await t.next()
    try await t.profileLoads.next().answer(.loaded(UserProfile(grade: try .elementary(2))))
    _ = try await t.steps(through: {
      if case .profileLoaded = $0 { true } else { false }
    })
    #expect(t.screen == .feature("course"))

    #expect(t.bridge.runtime.send(.sessionExpired).map(\.route?.screen) == [.login])
    // What the bridge's listener does with the step, awaited here so the test does not race it.
    let expired = try await t.steps(through: {
      if case .sessionExpired = $0 { true } else { false }
    })
    await t.bridge.link.follow(try #require(expired.last))
    #expect(await t.client.context.randomizationID == "ann")
    #expect(t.client.snapshot["course_years"].rawValue == "[1, 2]")
    // Year 2 is open only with ann's signals: the machine kept her profile and shows her
    // course at once, before it reloads, so the values must still be hers.
    #expect(
      t.bridge.runtime.send(.signedIn(Self.ann)).map(\.route?.screen) == [nil, .feature("course")])
    t.bridge.stop()
  }

  @Test("stop: the bridge stops listening to the client and the runtime stops")
  func stop() async throws {
    let source = InMemoryTemplateSource([.template(Self.base)])
    var t = try Transcript(source: source)
    try await t.launched()
    try await t.restores.next().answer(nil)
    _ = try await t.next()
    #expect(t.client.listenerCount == 1)
    let login = t.bridge.runtime.route

    t.bridge.stop()
    await t.bridge.tasksEnded()
    #expect(t.client.listenerCount == 0)
    #expect(await t.stepsEnded())

    source.enqueue(.template(Self.maintenance))
    _ = try await t.client.fetchAndActivate()
    #expect(t.client.snapshot["isUnderMaintenance"].rawValue == "true")
    #expect(t.bridge.runtime.route == login)
    await t.bridge.start()
    #expect(t.bridge.runtime.route == login)
  }
}

extension RootStateMachine.Action {
  /// The route of a `showRoute`, nil for the other actions.
  var route: Route? {
    guard case .showRoute(let route) = self else { return nil }
    return route
  }
}
