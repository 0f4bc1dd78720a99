import Core
import SwitchyardTestSupport
import Testing

@testable import RootRouting

/// Transcripts through the runtime: each step is what the test sends or an effect answers,
/// the actions it caused, and the route on screen after it. Effects are held until the test
/// answers them; time moves only on the manual clock.
@Suite("RootRuntime", .timeLimit(.minutes(1)))
struct RootRuntimeTests {
  typealias Transcript = RuntimeTranscript

  let ann: UserID = "ann"
  let bob: UserID = "bob"
  let annProfile: UserProfile
  let bobProfile: UserProfile
  let elementaryClosed = ["elementary_open": "false"]
  let maintenanceOn = ["isUnderMaintenance": "true", "maintenanceMessage": "Back at 10"]

  init() throws {
    annProfile = UserProfile(grade: try .elementary(3))
    bobProfile = UserProfile(grade: try .juniorHigh(1))
  }

  func route(
    _ values: [String: String]?, origin: ConfigOrigin = .activated, _ session: SessionStatus,
    _ profile: ProfileStatus = .notLoaded
  ) throws -> Route {
    try Transcript.route(values, origin: origin, session, profile)
  }

  func config(_ values: [String: String], _ sequence: UInt64) -> ActivatedConfig {
    Transcript.config(values, sequence)
  }

  /// A transcript launched with a cached empty config (stamp 1) and ann restored: her
  /// profile's load is returned, held.
  func loadingAnnsProfile() async throws -> (
    Transcript, HeldCall<UserID, RootRuntime.ProfileAnswer>
  ) {
    var t = try Transcript()
    _ = try await t.start(cached: config([:], 1))
    _ = try await t.answer(await t.effects.restores.next(), ann)
    return (t, try await t.effects.profileLoads.next())
  }

  /// The elementary course on screen for ann, nothing in flight but the fetch.
  func showingElementary() async throws -> Transcript {
    var (t, load) = try await loadingAnnsProfile()
    _ = try await t.answer(load, .loaded(annProfile))
    try #require(t.runtime.route.screen == .feature(.elementary))
    return t
  }

  @Test("launch without a cache: loading and a timer; the fetch wins, cancels the timer, routes")
  func launchWithoutCacheFetchWins() async throws {
    var t = try Transcript()
    let waiting = try route(nil, .unknown)
    #expect(t.runtime.route == waiting)

    #expect(
      try await t.start(cached: nil)
        == [.fetchConfig, .restoreSession, .startLoadingTimer, .showRoute(waiting)])
    let fetch = try await t.effects.fetches.next()
    let restore = try await t.effects.restores.next()
    await t.time.waitForSleepers(count: 1)

    var step = try await t.answer(fetch, .activated(config([:], 1)))
    #expect(step.event.name == .configActivated)
    #expect(step.actions == [.cancelLoadingTimer, .showRoute(try route([:], .unknown))])
    #expect(t.runtime.route == (try route([:], .unknown)))

    step = try await t.answer(restore, ann)
    #expect(step.actions == [.loadProfile(ann), .showRoute(try route([:], .signedIn))])
    let load = try await t.effects.profileLoads.next()
    #expect(load.argument == ann)

    let elementary = try route([:], .signedIn, .loaded(annProfile))
    step = try await t.answer(load, .loaded(annProfile))
    #expect(step.actions == [.showRoute(elementary)])
    #expect(t.runtime.route == elementary)

    // The cancelled timer ended and never fires.
    await t.runtime.tasksEnded()
    #expect(t.time.sleeperCount == 0)
    #expect(t.runtime.runningTaskCount == 0)
  }

  @Test(
    "launch with a cache: its route at once, no timer; a fetch of the same activation is dropped")
  func launchWithCache() async throws {
    var t = try Transcript()
    let cached = try route(elementaryClosed, origin: .cached, .unknown)

    #expect(
      try await t.start(cached: config(elementaryClosed, 4))
        == [.fetchConfig, .restoreSession, .showRoute(cached)])
    #expect(t.runtime.route == cached)

    let step = try await t.answer(await t.effects.fetches.next(), .activated(config([:], 4)))
    #expect(step.event.name == .configActivated)
    #expect(step.dropped == .configNotNewer)
    #expect(step.actions == [])
    #expect(t.runtime.route == cached)

    #expect(
      try await t.answer(await t.effects.restores.next(), nil).actions
        == [.showRoute(try route(elementaryClosed, origin: .cached, .signedOut))])
    await t.runtime.tasksEnded()
    #expect(t.time.sleeperCount == 0)
  }

  @Test(
    "the timer wins: it fires at the timeout, the defaults stand in, and the late fetch re-routes")
  func timerWins() async throws {
    var t = try Transcript()
    _ = try await t.start(cached: nil)
    let fetch = try await t.effects.fetches.next()
    await t.time.waitForSleepers(count: 1)

    t.time.advance(by: Transcript.loadingTimeout - .seconds(1))
    #expect(t.time.sleeperCount == 1)
    t.time.advance(by: .seconds(1))
    var step = try await t.next()
    #expect(step.event.name == .loadingTimedOut)
    #expect(step.actions == [.showRoute(try route([:], origin: .defaults, .unknown))])

    step = try await t.answer(fetch, .activated(config(maintenanceOn, 1)))
    #expect(step.actions == [.showRoute(try route(maintenanceOn, .unknown))])
    #expect(t.runtime.route.screen == .maintenance(message: "Back at 10"))
  }

  @Test("a failed fetch before any config: the defaults at once, the timer cancelled")
  func fetchFails() async throws {
    var t = try Transcript()
    _ = try await t.start(cached: nil)
    await t.time.waitForSleepers(count: 1)

    let step = try await t.answer(await t.effects.fetches.next(), .failed(reason: "offline"))
    #expect(step.event.name == .configFetchFailed)
    #expect(
      step.actions == [
        .cancelLoadingTimer, .showRoute(try route([:], origin: .defaults, .unknown)),
      ]
    )
  }

  @Test("a timer that wakes after the config arrived and cancelled it is dropped")
  func lateTimer() async throws {
    let clock = HeldTimeSource()
    var t = try Transcript(clock: clock)
    _ = try await t.start(cached: nil)
    let sleep = try await clock.sleeps.next()
    #expect(sleep.argument == Transcript.loadingTimeout)

    let activated = try route([:], .unknown)
    #expect(
      try await t.answer(await t.effects.fetches.next(), .activated(config([:], 1))).actions
        == [.cancelLoadingTimer, .showRoute(activated)])
    try await sleep.cancelled()

    let step = try await t.answer(sleep, ())
    #expect(step.event.name == .loadingTimedOut)
    #expect(step.dropped == .timerCancelled)
    #expect(step.actions == [])
    #expect(t.runtime.route == activated)
  }

  @Test("config older than, or the same as, an activation already applied is dropped")
  func lateAndDuplicateConfig() async throws {
    var t = try Transcript()
    _ = try await t.start(cached: nil)
    let fetch = try await t.effects.fetches.next()
    let maintenance = try route(maintenanceOn, .unknown)

    #expect(
      try await t.send(.configUpdated(config(maintenanceOn, 2)))
        == [.cancelLoadingTimer, .showRoute(maintenance)])

    var step = try await t.answer(fetch, .activated(config([:], 1)))
    #expect(step.event.name == .configActivated)
    #expect(step.dropped == .configNotNewer)
    #expect(t.runtime.route == maintenance)

    #expect(t.runtime.send(.configUpdated(config([:], 2))) == [])
    step = try await t.next()
    #expect(step.event.name == .configUpdated)
    #expect(step.dropped == .configNotNewer)
    #expect(t.runtime.route == maintenance)

    #expect(
      try await t.send(.configUpdated(config([:], 3))) == [.showRoute(try route([:], .unknown))])
  }

  @Test(
    "an update sent before start is held for the launch, which takes the newer of it and the cached config; an older update is dropped",
    arguments: [(nil, true), (1, true), (3, false)] as [(UInt64?, Bool)])
  func updateBeforeStart(cachedStamp: UInt64?, takesUpdate: Bool) async throws {
    var t = try Transcript()
    #expect(try await t.send(.configUpdated(config(maintenanceOn, 2))) == [])
    #expect(t.runtime.send(.configUpdated(config(elementaryClosed, 2))) == [])
    #expect(try await t.next().dropped == .configNotNewer)

    let launch = try route(
      takesUpdate ? maintenanceOn : elementaryClosed, origin: .cached, .unknown)
    #expect(
      try await t.start(cached: cachedStamp.map { config(elementaryClosed, $0) })
        == [.fetchConfig, .restoreSession, .showRoute(launch)])
    #expect(t.runtime.appliedStamp == ConfigStamp(sequence: takesUpdate ? 2 : 3))
    // What the launch took is what a fetch answer must be newer than.
    let step = try await t.answer(await t.effects.fetches.next(), .activated(config([:], 2)))
    #expect(step.dropped == .configNotNewer)
    #expect(t.runtime.route == launch)
  }

  @Test("sign-out during a profile load: the load is cancelled and its late answer dropped")
  func signOutDuringProfileLoad() async throws {
    var (t, load) = try await loadingAnnsProfile()

    let login = try route([:], origin: .cached, .signedOut)
    #expect(try await t.send(.signedOut) == [.showRoute(login)])
    try await load.cancelled()

    let step = try await t.answer(load, .loaded(annProfile))
    #expect(step.event.name == .profileLoaded)
    #expect(step.dropped == .sessionEnded)
    #expect(t.runtime.route == login)
  }

  @Test("another user signs in during a load: the first load is cancelled, only the second counts")
  func replacedDuringProfileLoad() async throws {
    var (t, annLoad) = try await loadingAnnsProfile()

    #expect(try await t.send(.signedIn(bob)) == [.loadProfile(bob)])
    let bobLoad = try await t.effects.profileLoads.next()
    #expect(bobLoad.argument == bob)
    try await annLoad.cancelled()

    #expect(try await t.answer(annLoad, .loaded(annProfile)).dropped == .sessionEnded)
    #expect(t.runtime.route.screen == .loading)

    let juniorHigh = try route([:], origin: .cached, .signedIn, .loaded(bobProfile))
    #expect(try await t.answer(bobLoad, .loaded(bobProfile)).actions == [.showRoute(juniorHigh)])
    #expect(t.runtime.route.screen == .feature(.juniorHigh))
  }

  @Test("same user out and in during a load: the first load's answer is for a session that ended")
  func sameUserOutAndInDuringProfileLoad() async throws {
    var (t, firstLoad) = try await loadingAnnsProfile()

    _ = try await t.send(.signedOut)
    #expect(
      try await t.send(.signedIn(ann))
        == [.loadProfile(ann), .showRoute(try route([:], origin: .cached, .signedIn))])
    let secondLoad = try await t.effects.profileLoads.next()
    try await firstLoad.cancelled()

    // An answer from before the sign-out: the backend may have changed the profile since.
    let juniorHighAnn = UserProfile(grade: try .juniorHigh(1))
    #expect(try await t.answer(firstLoad, .loaded(juniorHighAnn)).dropped == .sessionEnded)
    #expect(t.runtime.route.screen == .loading)

    #expect(
      try await t.answer(secondLoad, .loaded(annProfile)).actions
        == [.showRoute(try route([:], origin: .cached, .signedIn, .loaded(annProfile)))])
    #expect(t.runtime.route.screen == .feature(.elementary))
  }

  @Test(
    "the app reports the session before the restore answers: the restore is cancelled and dropped")
  func restoreSuperseded() async throws {
    var t = try Transcript()
    _ = try await t.start(cached: config([:], 1))
    let restore = try await t.effects.restores.next()

    #expect(
      try await t.send(.signedIn(ann))
        == [.loadProfile(ann), .showRoute(try route([:], origin: .cached, .signedIn))])
    try await restore.cancelled()

    let step = try await t.answer(restore, bob)
    #expect(step.event.name == .sessionRestored)
    #expect(step.dropped == .restoreSuperseded)
    #expect(t.runtime.route == (try route([:], origin: .cached, .signedIn)))
  }

  @Test("a profile that failed is loaded again when the app becomes active")
  func profileRetried() async throws {
    var (t, load) = try await loadingAnnsProfile()

    let failed = ProfileStatus.failed(reason: "offline")
    #expect(
      try await t.answer(load, .failed(reason: "offline")).actions
        == [.showRoute(try route([:], origin: .cached, .signedIn, failed))])
    #expect(t.runtime.route.screen == .unavailable(retryable: true))

    #expect(
      try await t.send(.appBecameActive)
        == [.loadProfile(ann), .showRoute(try route([:], origin: .cached, .signedIn))])
    let retry = try await t.effects.profileLoads.next()
    #expect(
      try await t.answer(retry, .loaded(annProfile)).actions
        == [.showRoute(try route([:], origin: .cached, .signedIn, .loaded(annProfile)))])
  }

  @Test("a busy feature holds a route change until it is idle")
  func busyFeatureHoldsChange() async throws {
    var t = try await showingElementary()
    let elementary = t.runtime.route

    #expect(try await t.send(.featureBecameBusy) == [])
    #expect(try await t.send(.configUpdated(config(elementaryClosed, 2))) == [])
    #expect(t.runtime.route == elementary)

    let review = try route(elementaryClosed, .signedIn, .loaded(annProfile))
    #expect(review.screen == .feature("review"))
    #expect(try await t.send(.featureBecameIdle) == [.showRoute(review)])
    #expect(t.runtime.route == review)
  }

  @Test(
    "a gate arriving as an update shows at once, even over a busy feature",
    arguments: [
      (["isUnderMaintenance": "true", "maintenanceMessage": "Back at 10"], "maintenance"),
      (["force_alert_information": Fixture.forcedUpdate3], "updateRequired"),
    ])
  func gateArrivesAsUpdate(values: [String: String], screen: String) async throws {
    var t = try await showingElementary()
    _ = try await t.send(.featureBecameBusy)

    let gate = try route(values, .signedIn, .loaded(annProfile))
    #expect(gate.screen.name == screen)
    #expect(try await t.send(.configUpdated(config(values, 2))) == [.showRoute(gate)])
    #expect(t.runtime.route == gate)
  }

  @Test("the store link opens the forced update's store page, and only on the update screen")
  func storeLink() async throws {
    var t = try await showingElementary()
    #expect(try await t.send(.storeLinkTapped) == [])

    _ = try await t.send(
      .configUpdated(config(["force_alert_information": Fixture.forcedUpdate3], 2)))
    let url = "https://apps.apple.com/app/id1"
    #expect(try await t.send(.storeLinkTapped) == [.openStoreURL(url)])
    let opening = try await t.effects.storeOpenings.next()
    #expect(opening.argument == url)
    opening.answer(())

    #expect(t.effects.storeOpenings.callCount == 1)
  }

  @Test("routes: every subscriber gets the current route first, then every change, until it stops")
  func routeSubscribers() async throws {
    var t = try Transcript()
    var early = t.runtime.routes().makeAsyncIterator()
    #expect(await early.next() == (try route(nil, .unknown)))

    _ = try await t.start(cached: config([:], 1))
    let cached = try route([:], origin: .cached, .unknown)
    var late = t.runtime.routes().makeAsyncIterator()
    #expect(await late.next() == cached)

    let login = try route([:], origin: .cached, .signedOut)
    _ = try await t.answer(await t.effects.restores.next(), nil)
    #expect(await early.next() == cached)
    #expect(await early.next() == login)
    #expect(await late.next() == login)

    let routes = t.runtime.routes()
    #expect(t.runtime.state.withLock { $0.routeSubscribers.count } == 3)
    let stopping = Task {
      for await _ in routes {}
    }
    stopping.cancel()
    await stopping.value
    #expect(t.runtime.state.withLock { $0.routeSubscribers.count } == 2)
  }

  @Test("stop cancels what the runtime started, ends every stream, and ignores what comes after")
  func stop() async throws {
    var t = try Transcript()
    _ = try await t.start(cached: nil)
    let fetch = try await t.effects.fetches.next()
    let restore = try await t.effects.restores.next()
    await t.time.waitForSleepers(count: 1)
    var routes = t.runtime.routes().makeAsyncIterator()
    let loading = try #require(await routes.next())

    t.runtime.stop()
    #expect(await routes.next() == nil)
    #expect(await t.stepsEnded())
    try await fetch.cancelled()
    try await restore.cancelled()

    fetch.answer(.activated(config(maintenanceOn, 1)))
    restore.answer(ann)
    await t.runtime.tasksEnded()
    #expect(fetch.wasCancelled)
    #expect(t.runtime.runningTaskCount == 0)
    #expect(t.time.sleeperCount == 0)
    #expect(t.effects.profileLoads.callCount == 0)
    #expect(t.runtime.route == loading)

    #expect(t.runtime.send(.configUpdated(config(maintenanceOn, 2))) == [])
    #expect(t.runtime.start(cachedConfig: nil) == [])
    #expect(t.runtime.route == loading)
    var afterStop = t.runtime.routes().makeAsyncIterator()
    #expect(await afterStop.next() == nil)
  }
}
