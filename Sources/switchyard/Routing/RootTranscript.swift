import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting

/// `root`'s transcripts: the real `RootRuntime` for the tool's app, driven one event at a
/// time with effects that wait for the transcript's lines (`RootTranscriptEffects`), so each
/// line's output is the runtime's own steps for that event.
///
/// Config events carry the template's values evaluated, when the line is read, for whom the
/// app's values are for then, with the app's version and idiom, at the transcript's time. That
/// follows the session as `RootClientBridge` makes the client follow it (`SessionContext`):
/// no one at launch; a loaded profile's user (their id the randomization id, their profile's
/// signals) before the runtime hears of the profile; no one before a restore that found no
/// one, and after a sign-out. Each such change re-evaluates the template of the values applied
/// and, when the values differ, hands them to the runtime as an update: its actions belong to
/// the line that caused it.
///
/// Every activation is stamped with the line that activated it: a fetch's with the line that
/// asked for the fetch, an update's with its own, a cached config's before every line, a
/// re-evaluation's with its values' line (and a counter, newer than them); so a fetch
/// answered after an update that arrived while it was out is older, and dropped.
struct RootTranscript {
  /// One line's outcome: the runtime's actions, or why the event was dropped.
  struct Outcome: Sendable, Equatable {
    var actions: [RootStateMachine.Action]
    var dropped: Drop?
  }

  /// Why a line's event changed nothing.
  enum Drop: Sendable, Hashable {
    /// The runtime dropped it as late, or no work of its kind waited for it: a fetch
    /// (`fetchSuperseded`), a restore (`restoreSuperseded`), a timer (`timerCancelled`), a
    /// load of the profile of a user not signed in (`sessionEnded`).
    case stale(RootRuntime.Staleness)
    /// A profile answered for a user who is signed in, while no load of it waits: it was
    /// answered already, or failed and is loaded again only when the app becomes active.
    case profileNotLoading
  }

  /// The values the runtime applied last, as evaluated: what a route shown now reads.
  struct Applied {
    /// The router over the template the values came from.
    let router: ConfigRouter
    /// The evaluation and the route it gave then.
    let route: ConfigRoute
    /// The activation's stamp.
    let stamp: ConfigStamp

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
  /// Configs offered to the runtime that it may still take: this line's, and before the
  /// launch the newest update (which the runtime holds for the launch).
  private var offered: [Applied] = []
  private var isLaunched = false
  /// Whom the values are evaluated for.
  private var session = SessionContext.nobody
  /// The counter that orders stamps of the same line.
  private var activations: UInt64 = 0
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

  /// Hands the runtime `event`, the transcript's line `line`, and returns its steps once the
  /// work their actions started is waiting for later lines.
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
    var outcome = Outcome(actions: [], dropped: nil)
    switch event {
    case .appLaunched(let cached):
      let offer = cached ? offer(router, at: Self.instant(line: 0)) : nil
      runtime.start(cachedConfig: offer?.activated)
      await step(&outcome)
      isLaunched = true
    case .configActivated:
      guard let fetch = effects.takeFetch() else { return Self.dropped(.stale(.fetchSuperseded)) }
      fetch.answer(.activated(offer(router, at: Self.instant(line: fetch.line)).activated))
      await step(&outcome)
    case .configFetchFailed(let reason):
      guard let fetch = effects.takeFetch() else { return Self.dropped(.stale(.fetchSuperseded)) }
      fetch.answer(.failed(reason: reason))
      await step(&outcome)
    case .configUpdated(let path):
      let template = router.template(try loadTemplate(path))
      await send(.configUpdated(offer(template, at: Self.instant(line: line)).activated), &outcome)
    case .loadingTimedOut:
      guard let timer = effects.takeTimer() else { return Self.dropped(.stale(.timerCancelled)) }
      timer.answer(())
      await step(&outcome)
    case .sessionRestored(let user):
      guard let restore = effects.takeRestore() else {
        return Self.dropped(.stale(.restoreSuperseded))
      }
      await follow(SessionContext.before(answer: .sessionRestored(user)), &outcome)
      restore.answer(user)
      await step(&outcome)
    case .profileLoaded(let profile, let user):
      await answerProfile(of: user, .loaded(profile), &outcome)
    case .profileFailed(let reason, let user):
      await answerProfile(of: user, .failed(reason: reason), &outcome)
    case .signedIn(let user): await send(.signedIn(user), &outcome)
    case .signedOut: await send(.signedOut, &outcome)
    case .sessionExpired: await send(.sessionExpired, &outcome)
    case .appBecameActive: await send(.appBecameActive, &outcome)
    case .featureBecameBusy: await send(.featureBecameBusy, &outcome)
    case .featureBecameIdle: await send(.featureBecameIdle, &outcome)
    case .storeLinkTapped: await send(.storeLinkTapped, &outcome)
    }
    await effects.calls(outcome.actions.count(where: \.startsWork), after: callsBefore)
    takeApplied()
    return outcome
  }

  /// Stops the runtime and ends the work still waiting for a line.
  func stop() {
    runtime.stop()
    effects.endAll()
  }

  /// Answers the oldest load of `user`'s profile with `answer`, the values following the
  /// user first; dropped when none waits.
  private mutating func answerProfile(
    of user: UserID, _ answer: RootRuntime.ProfileAnswer, _ outcome: inout Outcome
  ) async {
    guard let load = effects.takeProfileLoad(of: user) else {
      outcome.dropped =
        runtime.signedInUser == user ? .profileNotLoading : .stale(.sessionEnded)
      return
    }
    await follow(SessionContext.before(answer: answer.event(user: user)), &outcome)
    load.answer(answer)
    await step(&outcome)
  }

  /// Sends the runtime what the app observed, then follows the user as the event says.
  private mutating func send(_ event: RootRuntime.Event, _ outcome: inout Outcome) async {
    runtime.send(event)
    guard let step = await step(&outcome), step.dropped == nil else { return }
    await follow(SessionContext.after(sent: step.event), &outcome)
  }

  /// Moves the values to `next` (nil: no change) as the client bridge moves the client's
  /// context: when it applies, the applied values' template is evaluated again for it and, if
  /// the values differ, handed to the runtime as an update.
  private mutating func follow(_ next: SessionContext?, _ outcome: inout Outcome) async {
    guard let next, next != session, next.isCurrent(in: runtime) else { return }
    session = next
    guard let applied else { return }
    let again = evaluate(applied.router, at: applied.stamp.instant)
    guard !again.route.values.keysWithChangedValues(comparedTo: applied.route.values).isEmpty
    else { return }
    offered.append(again)
    await send(.configUpdated(again.activated), &outcome)
  }

  /// Reads the runtime's next step into `outcome`: its actions, and why it was dropped.
  @discardableResult
  private mutating func step(_ outcome: inout Outcome) async -> RootRuntime.Step? {
    guard let step = await steps.next() else { return nil }
    outcome.actions += step.actions
    if let dropped = step.dropped { outcome.dropped = .stale(dropped) }
    return step
  }

  /// Notes which of the configs offered the runtime took, and forgets those it can no longer
  /// take.
  private mutating func takeApplied() {
    if let stamp = runtime.appliedStamp, let taken = offered.first(where: { $0.stamp == stamp }) {
      applied = taken
    }
    offered = isLaunched ? [] : Array(offered.suffix(1))
  }

  /// `evaluate(router, at: instant)`, kept as offered to the runtime.
  private mutating func offer(_ router: ConfigRouter, at instant: Date) -> Applied {
    let offer = evaluate(router, at: instant)
    offered.append(offer)
    return offer
  }

  /// `router`'s template evaluated for whom the values are for, stamped as activated at
  /// `instant`.
  private mutating func evaluate(_ router: ConfigRouter, at instant: Date) -> Applied {
    activations += 1
    let input = RouteInput(
      session: session.user == nil ? .signedOut : .signedIn, profile: session.profile,
      appVersion: appVersion, idiom: idiom)
    let context = session.evaluationContext(
      EvaluationContext(), appVersion: appVersion, idiom: idiom)
    return Applied(
      router: router, route: router.route(input, context: context, now: effects.now),
      stamp: ConfigStamp(instant: instant, sequence: activations))
  }

  /// The instant of line `line`: lines order the transcript's activations (its clock stands
  /// still), 0 before every line.
  private static func instant(line: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: TimeInterval(line))
  }

  private static func dropped(_ drop: Drop) -> Outcome {
    Outcome(actions: [], dropped: drop)
  }
}

extension RootTranscript.Applied {
  /// The values as the runtime takes them.
  fileprivate var activated: ActivatedConfig {
    ActivatedConfig(route.values, stamp: stamp)
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
