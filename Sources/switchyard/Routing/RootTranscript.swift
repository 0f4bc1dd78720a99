import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting

/// `root`'s transcripts: the real `RootRuntime` for the tool's app, driven one event at a
/// time with effects that wait for the transcript's lines (`RootTranscriptEffects`), so each
/// line's output is the runtime's own step for that event.
///
/// Config events carry the template's values evaluated, when the line is read, for the
/// signed-in user (their id as the randomization id, their profile's signals if it has
/// loaded) or for nobody, with the app's version and idiom, at the transcript's time. Every
/// activation is stamped with the line that started it: a fetch's with the line that asked
/// for the fetch, an update's with its own, a cached config's before every line; so a fetch
/// answered after an update that arrived while it was out is older, and dropped.
struct RootTranscript {
  /// One line's outcome: the runtime's actions, or why it dropped the event.
  struct Outcome: Sendable, Equatable {
    var actions: [RootStateMachine.Action]
    var dropped: RootRuntime.Staleness?
  }

  /// The values the runtime applied last, as evaluated: what a route shown now reads.
  struct Applied {
    /// The router over the template the values came from.
    let router: ConfigRouter
    /// The evaluation and the route it gave then.
    let route: ConfigRoute

    /// The values of `keys`, each with the template's reasons.
    func explain(keys: [String]) -> [Explained<ConfigValue>] {
      router.explain(keys: keys, route)
    }
  }

  /// The most work that may wait for an answer before an event that is not one.
  let maximumWaiting: Int

  let runtime: RootRuntime
  /// The config the runtime applied last; nil while it has none (or the in-app defaults).
  private(set) var applied: Applied?
  private let effects: RootTranscriptEffects
  private let router: ConfigRouter
  private let appVersion: SemanticVersion
  private let idiom: DeviceIdiom
  /// Reads the template a `configUpdated` line names.
  private let loadTemplate: (String) throws -> CompiledTemplate
  private var steps: AsyncStream<RootRuntime.Step>.Iterator

  /// A transcript of the tool's app at `appVersion` on `idiom` whose config is `template`,
  /// evaluated at `now`; `loadTemplate` reads the other templates lines name. An event that
  /// answers nothing while `maximumWaiting` calls wait for an answer is refused.
  init(
    template: CompiledTemplate, appVersion: SemanticVersion, idiom: DeviceIdiom, now: Date,
    loadTemplate: @escaping (String) throws -> CompiledTemplate, maximumWaiting: Int = 10_000
  ) throws {
    self.maximumWaiting = maximumWaiting
    let app = try AppComposition.standard()
    router = app.router(for: template)
    effects = RootTranscriptEffects(now: now)
    runtime = RootRuntime(
      machine: RootStateMachine(descriptors: app.descriptors, appVersion: appVersion, idiom: idiom),
      effects: effects.effects, timeSource: effects, loadingTimeout: .seconds(3))
    steps = runtime.steps().makeAsyncIterator()
    self.appVersion = appVersion
    self.idiom = idiom
    self.loadTemplate = loadTemplate
  }

  /// Hands the runtime `event`, the transcript's line `line`, and returns its step once the
  /// work its actions started is waiting for later lines.
  /// - Throws: what reading a `configUpdated`'s template throws; `LineError` for an event
  ///   that answers nothing while `maximumWaiting` calls wait.
  mutating func handle(_ event: RootTranscriptEvent, line: Int) async throws -> Outcome {
    // Work no line answers waits, and so do its tasks: a transcript that only ever starts
    // work (a sign-in per line) must not take memory without end.
    guard event.isAnswer || effects.waitingCount < maximumWaiting else {
      throw LineError(
        "\(maximumWaiting) fetches, restores, profile loads and timers wait for an answer;"
          + " answer them before more events")
    }
    effects.begin(line: line)
    let callsBefore = effects.callCount
    // The config this line offers the runtime, applied unless the runtime drops it.
    var offered: (config: ActivatedConfig, applied: Applied)?
    switch event {
    case .appLaunched(let cached):
      offered = cached ? activated(router, stamp: 0) : nil
      runtime.start(cachedConfig: offered?.config)
    case .configActivated:
      let router = router
      let answered = effects.answerFetch { started in
        let fetched = activated(router, stamp: started)
        offered = fetched
        return .activated(fetched.config)
      }
      guard answered else { return Outcome(actions: [], dropped: .fetchSuperseded) }
    case .configFetchFailed(let reason):
      guard effects.answerFetch({ _ in .failed(reason: reason) }) else {
        return Outcome(actions: [], dropped: .fetchSuperseded)
      }
    case .configUpdated(let path):
      let updated = activated(router.template(try loadTemplate(path)), stamp: line)
      offered = updated
      runtime.send(.configUpdated(updated.config))
    case .loadingTimedOut:
      guard effects.fireTimer() else { return Outcome(actions: [], dropped: .timerCancelled) }
    case .sessionRestored(let user):
      guard effects.answerRestore(user) else {
        return Outcome(actions: [], dropped: .restoreSuperseded)
      }
    case .profileLoaded(let profile, let user):
      guard effects.answerProfile(of: user, .loaded(profile)) else {
        return Outcome(actions: [], dropped: .sessionEnded)
      }
    case .profileFailed(let reason, let user):
      guard effects.answerProfile(of: user, .failed(reason: reason)) else {
        return Outcome(actions: [], dropped: .sessionEnded)
      }
    case .signedIn(let user): runtime.send(.signedIn(user))
    case .signedOut: runtime.send(.signedOut)
    case .sessionExpired: runtime.send(.sessionExpired)
    case .appBecameActive: runtime.send(.appBecameActive)
    case .featureBecameBusy: runtime.send(.featureBecameBusy)
    case .featureBecameIdle: runtime.send(.featureBecameIdle)
    case .storeLinkTapped: runtime.send(.storeLinkTapped)
    }
    guard let step = await steps.next() else { return Outcome(actions: [], dropped: nil) }
    await effects.calls(step.actions.count(where: \.startsWork), after: callsBefore)
    if step.dropped == nil, let offered { applied = offered.applied }
    return Outcome(actions: step.actions, dropped: step.dropped)
  }

  /// Stops the runtime and ends the work still waiting for a line.
  func stop() {
    runtime.stop()
    effects.endAll()
  }

  /// `router`'s template evaluated for who is signed in now, stamped `line`.
  private func activated(
    _ router: ConfigRouter, stamp line: Int
  ) -> (config: ActivatedConfig, applied: Applied) {
    let (user, profile) = runtime.session
    let input = RouteInput(
      session: user == nil ? .signedOut : .signedIn, profile: profile, appVersion: appVersion,
      idiom: idiom)
    let routed = router.route(
      input, context: EvaluationContext(randomizationID: user?.rawValue), now: effects.now)
    return (
      ActivatedConfig(routed.values, stamp: ConfigStamp(sequence: UInt64(line))),
      Applied(router: router, route: routed)
    )
  }
}

extension ConfigRouter {
  /// The same app's router over another template.
  fileprivate func template(_ template: CompiledTemplate) -> ConfigRouter {
    ConfigRouter(template: template, features: features, defaults: defaults)
  }
}

extension RootStateMachine.Action {
  /// Whether performing the action starts work that waits for a later line.
  fileprivate var startsWork: Bool {
    switch self {
    case .fetchConfig, .restoreSession, .loadProfile, .startLoadingTimer: true
    case .cancelLoadingTimer, .showRoute, .openStoreURL: false
    }
  }
}
