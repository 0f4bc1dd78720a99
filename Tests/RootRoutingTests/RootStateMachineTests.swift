import Core
import RootRouting
import Testing

/// Transcripts: each step is one event, the actions it returns, then the state after it.
@Suite("RootStateMachine")
struct RootStateMachineTests {
  typealias Machine = RootStateMachine

  let descriptors = TestFeatures.all + [TestFeatures.review]
  let ann: UserID = "ann"
  let bob: UserID = "bob"
  let annProfile: UserProfile
  let elementaryClosed = ["elementary_open": "false"]
  let maintenanceOn = ["isUnderMaintenance": "true", "maintenanceMessage": "Back at 10"]

  init() throws {
    annProfile = UserProfile(grade: try .elementary(3))
  }

  func makeMachine() throws -> Machine {
    Machine(descriptors: descriptors, appVersion: try Fixture.version("2.3.0"), idiom: .phone)
  }

  /// The route the planner (pinned down by `RoutePlannerTests`) gives for these inputs.
  func expected(
    _ values: [String: String]?, origin: ConfigOrigin = .activated, _ session: SessionStatus,
    _ profile: ProfileStatus = .notLoaded
  ) throws -> Route {
    try Fixture.route(values, origin: origin, session, profile, descriptors: descriptors)
  }

  func values(_ values: [String: String] = [:]) -> InMemoryConfigValues {
    InMemoryConfigValues(values)
  }

  /// A machine showing ann's elementary course under an activated empty config.
  func machineShowingElementary() throws -> Machine {
    var machine = try makeMachine()
    _ = machine.handle(.appLaunched(cachedConfig: nil))
    _ = machine.handle(.configActivated(values()))
    _ = machine.handle(.sessionRestored(ann))
    _ = machine.handle(.profileLoaded(annProfile, user: ann))
    try #require(machine.route?.screen == .feature(.elementary))
    return machine
  }

  /// The first behaviour, end to end: the timer wins the race, then the config
  /// arrives late and re-routes.
  @Test(
    "launch without a cached config: loading, fetch + restore, a timer; defaults when it fires"
  )
  func launchWithoutCache() throws {
    var machine = try makeMachine()
    let waiting = try expected(nil, .unknown)
    #expect(waiting.screen == .loading)

    #expect(
      machine.handle(.appLaunched(cachedConfig: nil))
        == [.fetchConfig, .restoreSession, .startLoadingTimer, .showRoute(waiting)])
    #expect(machine.route == waiting)
    #expect(machine.isLoadingTimerRunning)

    #expect(machine.handle(.sessionRestored(ann)) == [.loadProfile(ann)])
    #expect(machine.signedInUser == ann)
    #expect(machine.route == waiting)

    #expect(machine.handle(.profileLoaded(annProfile, user: ann)) == [])
    #expect(machine.profile == .loaded(annProfile))
    #expect(machine.route == waiting)

    let withDefaults = try expected([:], origin: .defaults, .signedIn, .loaded(annProfile))
    #expect(withDefaults.screen == .feature(.elementary))
    #expect(machine.handle(.loadingTimedOut) == [.showRoute(withDefaults)])
    #expect(!machine.isLoadingTimerRunning)
    #expect(machine.configuration?.origin == .defaults)

    let maintenance = try expected(maintenanceOn, .signedIn, .loaded(annProfile))
    #expect(machine.handle(.configActivated(values(maintenanceOn))) == [.showRoute(maintenance)])
    #expect(machine.route?.screen == .maintenance(message: "Back at 10"))
    #expect(machine.configuration?.origin == .activated)
  }

  @Test("an activation that arrives before the timer cancels it")
  func activationBeforeTimer() throws {
    var machine = try makeMachine()
    _ = machine.handle(.appLaunched(cachedConfig: nil))

    #expect(
      machine.handle(.configActivated(values()))
        == [.cancelLoadingTimer, .showRoute(try expected([:], .unknown))])
    #expect(!machine.isLoadingTimerRunning)
    #expect(machine.configuration?.origin == .activated)

    #expect(machine.handle(.loadingTimedOut) == [])
    #expect(machine.configuration?.origin == .activated)
  }

  @Test("a failed fetch before any config routes with the defaults at once and cancels the timer")
  func fetchFailedBeforeConfig() throws {
    var machine = try makeMachine()
    _ = machine.handle(.appLaunched(cachedConfig: nil))

    #expect(
      machine.handle(.configFetchFailed(reason: "offline"))
        == [.cancelLoadingTimer, .showRoute(try expected([:], origin: .defaults, .unknown))])
    #expect(!machine.isLoadingTimerRunning)
    #expect(machine.configuration?.origin == .defaults)

    #expect(machine.handle(.configFetchFailed(reason: "offline")) == [])
  }

  @Test("launch with a cached config routes with it and starts no timer")
  func launchWithCache() throws {
    var machine = try makeMachine()
    let cached = try expected([:], origin: .cached, .unknown)

    #expect(
      machine.handle(.appLaunched(cachedConfig: values()))
        == [.fetchConfig, .restoreSession, .showRoute(cached)])
    #expect(!machine.isLoadingTimerRunning)
    #expect(machine.configuration?.origin == .cached)

    #expect(
      machine.handle(.sessionRestored(nil)) == [
        .showRoute(try expected([:], origin: .cached, .signedOut))
      ])
    #expect(machine.route?.screen == .login)
  }

  @Test(
    "maintenance over a feature shows maintenance; turned off, the feature underneath returns"
  )
  func maintenanceOverFeature() throws {
    var machine = try machineShowingElementary()
    let feature = try #require(machine.route)

    let maintenance = try expected(maintenanceOn, .signedIn, .loaded(annProfile))
    #expect(machine.handle(.configUpdated(values(maintenanceOn))) == [.showRoute(maintenance)])
    #expect(machine.route?.screen == .maintenance(message: "Back at 10"))

    #expect(machine.handle(.configUpdated(values())) == [.showRoute(feature)])
    #expect(machine.route == feature)
  }

  @Test("a config update that would change the feature while it is busy waits until it is idle")
  func busyFeatureHoldsUpdate() throws {
    var machine = try machineShowingElementary()
    let elementary = try #require(machine.route)

    #expect(machine.handle(.featureBecameBusy) == [])
    #expect(machine.isFeatureBusy)

    let review = try expected(elementaryClosed, .signedIn, .loaded(annProfile))
    #expect(review.screen == .feature("review"))
    #expect(machine.handle(.configUpdated(values(elementaryClosed))) == [])
    #expect(machine.route == elementary)
    #expect(machine.pendingRoute == review)

    #expect(machine.handle(.featureBecameIdle) == [.showRoute(review)])
    #expect(machine.route == review)
    #expect(machine.pendingRoute == nil)
    #expect(!machine.isFeatureBusy)
  }

  @Test("gates are never held for a busy feature")
  func busyFeatureDoesNotHoldGates() throws {
    var machine = try machineShowingElementary()
    let elementary = try #require(machine.route)
    _ = machine.handle(.featureBecameBusy)

    let maintenance = try expected(maintenanceOn, .signedIn, .loaded(annProfile))
    #expect(machine.handle(.configUpdated(values(maintenanceOn))) == [.showRoute(maintenance)])
    #expect(machine.route == maintenance)
    #expect(!machine.isFeatureBusy)

    #expect(machine.handle(.configUpdated(values())) == [.showRoute(elementary)])
    #expect(machine.route == elementary)
  }

  @Test("an expired session shows login; the same user signing in again returns to their feature")
  func sessionExpiredSameUser() throws {
    var machine = try machineShowingElementary()
    let elementary = try #require(machine.route)

    #expect(machine.handle(.sessionExpired) == [.showRoute(try expected([:], .signedOut))])
    #expect(machine.route?.screen == .login)
    #expect(machine.signedInUser == nil)

    #expect(machine.handle(.signedIn(ann)) == [.loadProfile(ann), .showRoute(elementary)])
    #expect(machine.route == elementary)
    #expect(machine.signedInUser == ann)

    #expect(machine.handle(.profileLoaded(annProfile, user: ann)) == [])
    #expect(machine.route == elementary)
  }

  @Test("after an expired session, another user signing in waits for their own profile")
  func sessionExpiredOtherUser() throws {
    var machine = try machineShowingElementary()
    _ = machine.handle(.sessionExpired)

    #expect(
      machine.handle(.signedIn(bob)) == [
        .loadProfile(bob), .showRoute(try expected([:], .signedIn)),
      ])
    #expect(machine.route?.screen == .loading)
    #expect(machine.profile == .notLoaded)

    #expect(machine.handle(.profileLoaded(annProfile, user: ann)) == [])
    #expect(machine.route?.screen == .loading)

    let bobProfile = UserProfile(grade: try .juniorHigh(1))
    #expect(
      machine.handle(.profileLoaded(bobProfile, user: bob))
        == [.showRoute(try expected([:], .signedIn, .loaded(bobProfile)))])
    #expect(machine.route?.screen == .feature(.juniorHigh))
  }

  @Test("a grade that changes while running (the school year rolled over) re-routes")
  func gradeChangeReroutes() throws {
    var machine = try machineShowingElementary()
    let promoted = UserProfile(grade: try .juniorHigh(1))

    let juniorHigh = try expected([:], .signedIn, .loaded(promoted))
    #expect(machine.handle(.profileLoaded(promoted, user: ann)) == [.showRoute(juniorHigh)])
    #expect(machine.route?.screen == .feature(.juniorHigh))
    #expect(machine.profile == .loaded(promoted))
  }

  @Test("duplicate events change nothing and emit no actions")
  func duplicatesAreSilent() throws {
    var machine = try machineShowingElementary()
    let elementary = try #require(machine.route)

    #expect(machine.handle(.appLaunched(cachedConfig: nil)) == [])
    #expect(machine.handle(.configActivated(values())) == [])
    #expect(machine.handle(.configUpdated(values(["unrelated_key": "1"]))) == [])
    #expect(machine.handle(.sessionRestored(bob)) == [])
    #expect(machine.handle(.signedIn(ann)) == [])
    #expect(machine.handle(.profileLoaded(annProfile, user: ann)) == [])
    #expect(machine.handle(.featureBecameIdle) == [])
    #expect(machine.route == elementary)
    #expect(machine.signedInUser == ann)

    #expect(machine.handle(.featureBecameBusy) == [])
    #expect(machine.handle(.featureBecameBusy) == [])
    #expect(machine.isFeatureBusy)

    #expect(machine.handle(.signedOut) == [.showRoute(try expected([:], .signedOut))])
    #expect(machine.handle(.signedOut) == [])
    #expect(machine.handle(.sessionExpired) == [])
    #expect(machine.route?.screen == .login)
    #expect(machine.profile == .notLoaded)
  }

  @Test(
    "a failed profile shows a retryable unavailable and is retried when the app becomes active"
  )
  func profileFailureRetries() throws {
    var machine = try makeMachine()
    _ = machine.handle(.appLaunched(cachedConfig: values()))
    _ = machine.handle(.sessionRestored(ann))
    #expect(machine.route?.screen == .loading)

    let failed = try expected([:], origin: .cached, .signedIn, .failed(reason: "HTTP 503"))
    #expect(machine.handle(.profileFailed(reason: "HTTP 503", user: ann)) == [.showRoute(failed)])
    #expect(machine.route?.screen == .unavailable(retryable: true))
    #expect(machine.profile == .failed(reason: "HTTP 503"))

    #expect(
      machine.handle(.appBecameActive)
        == [.loadProfile(ann), .showRoute(try expected([:], origin: .cached, .signedIn))])
    #expect(machine.route?.screen == .loading)
    #expect(machine.profile == .notLoaded)

    #expect(
      machine.handle(.profileLoaded(annProfile, user: ann))
        == [.showRoute(try expected([:], origin: .cached, .signedIn, .loaded(annProfile)))])
    #expect(machine.route?.screen == .feature(.elementary))

    #expect(machine.handle(.appBecameActive) == [])
    #expect(machine.handle(.profileFailed(reason: "HTTP 503", user: ann)) == [])
    #expect(machine.profile == .loaded(annProfile))
  }

  @Test("the update screen's button opens the store URL, and only on that screen")
  func storeLink() throws {
    var machine = try machineShowingElementary()
    #expect(machine.handle(.storeLinkTapped) == [])

    let forced = ["force_alert_information": Fixture.forcedUpdate3]
    let update = try expected(forced, .signedIn, .loaded(annProfile))
    #expect(machine.handle(.configUpdated(values(forced))) == [.showRoute(update)])
    #expect(machine.route?.screen.name == "updateRequired")

    #expect(machine.handle(.storeLinkTapped) == [.openStoreURL("https://apps.apple.com/app/id1")])
    #expect(machine.route == update)
  }

  @Test("events before launch are ignored")
  func beforeLaunch() throws {
    var machine = try makeMachine()
    #expect(machine.handle(.signedIn(ann)) == [])
    #expect(machine.handle(.configActivated(values())) == [])
    #expect(machine.handle(.loadingTimedOut) == [])
    #expect(machine.route == nil)
    #expect(machine.signedInUser == nil)
    #expect(machine.configuration == nil)
  }
}
