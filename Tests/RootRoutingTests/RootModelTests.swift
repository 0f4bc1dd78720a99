import Core
import RootRouting
import SwitchyardTestSupport
import Testing

/// The model as SwiftUI sees it, through Observation: a change of route is a change to
/// observe, an event that changes nothing is none.
@MainActor
@Suite("RootModel", .timeLimit(.minutes(1)))
struct RootModelTests {
  typealias Transcript = RuntimeTranscript

  let ann: UserID = "ann"

  @Test("before the runtime starts, the model shows the launch's loading screen")
  func beforeStart() throws {
    let t = try Transcript()
    let model = RootModel(runtime: t.runtime)
    #expect(model.route == (try Transcript.route(nil, .unknown)))
    #expect(model.screen == .loading)
    #expect(model.orientations == .allButUpsideDown)
  }

  @Test("an event that changes the route is one observed change")
  func sentEvents() throws {
    let t = try Transcript()
    t.runtime.start(cachedConfig: Transcript.config([:], 1))
    let model = RootModel(runtime: t.runtime)
    #expect(model.screen == .loading)

    let changes = RouteChanges()
    changes.track(model)
    model.send(.signedOut)
    #expect(changes.value == 1)
    #expect(model.screen == .login)
  }

  // What SwiftUI relies on to redraw nothing: an event that changes no route is no observed
  // change. Before Swift 6.2 the model's own equality guard holds it; from 6.2 on Observation
  // also skips equal sets, so here it fails only if the model publishes a route that differs.
  @Test("an event that changes nothing is no observed change")
  func unchangedRoute() throws {
    let t = try Transcript()
    t.runtime.start(cachedConfig: Transcript.config([:], 1))
    let model = RootModel(runtime: t.runtime)
    model.send(.signedOut)

    let unchanged = RouteChanges()
    unchanged.track(model)
    model.send(.signedOut)
    model.send(.featureBecameIdle)
    #expect(unchanged.value == 0)
    #expect(model.route == t.runtime.route)
  }

  @Test("routes that follow an effect's answer reach the model, with the screen's orientations")
  func answeredEffects() async throws {
    let t = try Transcript()
    t.runtime.start(cachedConfig: Transcript.config([:], 1))
    let model = RootModel(runtime: t.runtime)

    var changes = RouteChanges()
    changes.track(model)
    try await t.effects.restores.next().answer(ann)
    await changes.next()
    #expect(model.route == (try Transcript.route([:], origin: .cached, .signedIn)))

    changes = RouteChanges()
    changes.track(model)
    let profile = UserProfile(grade: try .elementary(2))
    try await t.effects.profileLoads.next().answer(.loaded(profile))
    await changes.next()
    #expect(model.screen == .feature(.elementary))
    #expect(model.orientations == .portrait)
  }
}
