import Core
import RootRouting
import SwitchyardTestSupport
import Testing

/// README's root examples, as README spells them (see `ReadmeExampleTests`): the app's root
/// as the model plus its effects here, run on Linux; the SwiftUI root screen in
/// `ReadmeRootScreenExampleTests`, where SwiftUI exists.
@Suite("README: the root, running", .timeLimit(.minutes(1)))
struct ReadmeRootRuntimeExampleTests {
  /// A backend that answers at once: an activated empty config, then the child's profile.
  struct Backend: Sendable {
    let child: UserProfile

    func fetchAndActivate() async -> RootRuntime.FetchAnswer {
      .activated(ActivatedConfig(InMemoryConfigValues([:]), stamp: ConfigStamp(sequence: 1)))
    }

    func profile(of user: UserID) async -> RootRuntime.ProfileAnswer {
      .loaded(child)
    }
  }

  /// A session store with nothing stored.
  struct SessionStore: Sendable {
    func restore() async -> UserID? { nil }
  }

  // swift-format-ignore
  @MainActor
  @Test("an app's root is the model plus its effects: the route follows what the app and the effects report")
  func appRoot() async throws {
    let descriptors = TestFeatures.all
    let appVersion = try SemanticVersion(parsing: "2.3.0")
    let backend = Backend(child: UserProfile(grade: try .elementary(2)))
    let sessionStore = SessionStore()
    @Sendable func open(_ url: String) async {}
    let cached: ActivatedConfig? = nil

    let runtime = RootRuntime(
      machine: RootStateMachine(descriptors: descriptors, appVersion: appVersion, idiom: .phone),
      effects: RootRuntime.Effects(
        fetchConfig: { await backend.fetchAndActivate() },          // .activated(config) or .failed(reason:)
        restoreSession: { await sessionStore.restore() },           // the user of an earlier run, or nil
        loadProfile: { user in await backend.profile(of: user) },   // .loaded(profile) or .failed(reason:)
        openStoreURL: { url in await open(url) }),
      timeSource: SystemTimeSource(), loadingTimeout: .seconds(3))
    let model = RootModel(runtime: runtime)   // @MainActor, @Observable
    runtime.start(cachedConfig: cached)       // nil: loading, and the defaults if the timer fires first
    model.send(.signedIn("ann"))              // what the app observes; the effects' answers come back by themselves
    let screen = model.screen                 // .loading until the config and ann's profile arrive
    let orientations = model.orientations     // UIInterfaceOrientationMask(rawValue: orientations.rawValue)
    // A later activation (real-time, a refresh): model.send(.configUpdated(ActivatedConfig(values, stamp: stamp)))

    #expect(screen == .loading)
    #expect(orientations == .allButUpsideDown)
    try await RouteChanges.until(model, shows: .feature(.elementary))
    #expect(model.orientations == .portrait)

    let update = #"{"title": "Update", "message": "Please update", "version": "3.0.0", "url": "https://example.com/app"}"#
    model.send(.configUpdated(ActivatedConfig(InMemoryConfigValues(["force_alert_information": update]), stamp: ConfigStamp(sequence: 2))))
    #expect(model.screen.name == "updateRequired")
    runtime.stop()
  }
}
