public import Core

/// The app's root, running: owns a `RootStateMachine`, performs its actions through the
/// effects the app injects, runs the loading timer, feeds every answer back as the machine's
/// event, and publishes the routes it shows.
///
/// The machine decides; the runtime only performs, and keeps late answers away from the
/// machine. Every fetch, restore, profile load and timer it starts is tagged; an answer
/// whose tag is no longer the awaited one (superseded, its session ended, the timer
/// cancelled) is dropped, and so is config older (by its `ConfigStamp`) than what was
/// applied. Superseded work is cancelled. `stop()` cancels everything and ends every
/// stream; so does the runtime going away.
///
/// ```swift
/// let runtime = RootRuntime(machine: machine, effects: effects, timeSource: SystemTimeSource(),
///                           loadingTimeout: .seconds(3))
/// runtime.start(cachedConfig: cached)     // fetch and restore start, the timer if no cache
/// runtime.send(.signedIn("ann"))          // what the app observes
/// let route = runtime.route               // at once, no await
/// for await route in runtime.routes() { show(route) }
/// ```
///
/// Thread-safe: events may be sent from any thread; they are handled one at a time, in the
/// order they take the runtime's lock.
public final class RootRuntime: Sendable {
  /// Identifies one started effect or timer, so its answer can be told from a newer one's.
  typealias Tag = UInt64

  /// Everything the runtime changes, behind its one lock.
  struct State {
    var machine: RootStateMachine
    /// The route on screen; before `start`, the launch's loading route.
    var route: Route
    var isStopped = false
    var lastTag: Tag = 0
    /// Every effect and timer task that has not ended, cancelled or not.
    var tasks: [Tag: Task<Void, Never>] = [:]
    /// The work whose answer is awaited; an answer with another tag is late.
    var fetch: Tag?
    var restore: Tag?
    var profileLoad: (tag: Tag, user: UserID)?
    var timer: Tag?
    /// The newest activation handed to the machine.
    var appliedStamp: ConfigStamp?
    /// The newest update sent before `start`, which the machine (not launched) ignores: the
    /// launch takes it in place of an older cached config.
    var heldUpdate: ActivatedConfig?
    var routeSubscribers = StreamSubscribers<Route>()
    var stepSubscribers = StreamSubscribers<Step>()
  }

  /// What a started effect or timer comes back with.
  enum Answer: Sendable {
    case fetched(FetchAnswer)
    case restored(UserID?)
    case profile(ProfileAnswer, user: UserID)
    case timerFired
    /// The work ended with nothing for the machine (the store opened, the timer cancelled).
    case nothing
  }

  let state: LockedState<State>
  private let effects: Effects
  private let timeSource: any TimeSource
  private let loadingTimeout: Duration

  /// A runtime for `machine`, not yet started.
  /// - Parameters:
  ///   - machine: the machine to run, before launch.
  ///   - effects: the app's work: fetch, restore, profile, store.
  ///   - timeSource: the loading timer's clock (the manual clock in tests).
  ///   - loadingTimeout: how long a launch without a cached config waits for the config
  ///     before the in-app defaults stand in.
  public init(
    machine: RootStateMachine, effects: Effects, timeSource: any TimeSource,
    loadingTimeout: Duration
  ) {
    state = LockedState(State(machine: machine, route: machine.route ?? machine.routeBeforeLaunch))
    self.effects = effects
    self.timeSource = timeSource
    self.loadingTimeout = loadingTimeout
  }

  deinit {
    stop()
  }

  /// The route on screen, read at once. Before `start`, the loading screen.
  public var route: Route { state.withLock { $0.route } }

  /// The stamp of the newest activation the machine took (at launch, or since): a shell
  /// that keeps what it offered by stamp knows which values a route reads.
  package var appliedStamp: ConfigStamp? { state.withLock { $0.appliedStamp } }

  /// The current route, then every change, until the runtime stops or the consumer stops
  /// iterating. Each call is a new subscriber; none misses a change, however slowly it reads.
  public func routes() -> AsyncStream<Route> {
    subscribe(\.routeSubscribers) { $0.route }
  }

  /// Every step from now on (each event, its actions, or why it was dropped), in order,
  /// until the runtime stops or the consumer stops iterating. Each call is a new subscriber;
  /// none misses a step, however slowly it reads.
  public func steps() -> AsyncStream<Step> {
    subscribe(\.stepSubscribers) { _ in nil }
  }

  /// Launches the app: `cachedConfig` is what an earlier run activated, if anything. Returns
  /// the machine's actions, already under way; a second call does nothing.
  ///
  /// An update sent before `start` is not lost: the launch takes the newer (by stamp) of it
  /// and `cachedConfig`, so a shell may forward its client's activations from before it
  /// starts the runtime.
  @discardableResult
  public func start(cachedConfig: ActivatedConfig?) -> [RootStateMachine.Action] {
    handle { state in
      guard state.machine.route == nil else {
        return (.appLaunched(cachedConfig: cachedConfig?.values), nil)
      }
      let launch = [cachedConfig, state.heldUpdate].compactMap(\.self).max {
        $0.stamp < $1.stamp
      }
      state.heldUpdate = nil
      state.appliedStamp = launch?.stamp
      return (.appLaunched(cachedConfig: launch?.values), nil)
    }
  }

  /// Tells the runtime what the app observed. Returns the machine's actions, already under
  /// way (empty after `stop()` or when the event was dropped).
  @discardableResult
  public func send(_ event: Event) -> [RootStateMachine.Action] {
    handle(event.machineEvent) { state in
      guard case .configUpdated(let config) = event else { return nil }
      return state.machine.route == nil ? state.hold(config) : state.apply(config.stamp)
    }
  }

  /// Cancels everything the runtime started, ends every stream, and ignores every event and
  /// answer from now on.
  public func stop() {
    let (tasks, routeStreams, stepStreams) = state.withLock { state in
      state.isStopped = true
      state.fetch = nil
      state.restore = nil
      state.profileLoad = nil
      state.timer = nil
      return (
        Array(state.tasks.values), state.routeSubscribers.removeAll(),
        state.stepSubscribers.removeAll()
      )
    }
    for task in tasks { task.cancel() }
    for stream in routeStreams { stream.finish() }
    for stream in stepStreams { stream.finish() }
  }

  /// Hands `event` to the machine unless `admit` says it is late, publishes the step, and
  /// performs the actions. `ending` is the tag of the task the event answers.
  @discardableResult
  private func handle(
    _ event: RootStateMachine.Event, ending tag: Tag? = nil,
    admit: (inout State) -> Staleness?
  ) -> [RootStateMachine.Action] {
    handle(ending: tag) { state in (event, admit(&state)) }
  }

  /// Hands the event `decide` gives to the machine unless it also says why it is late,
  /// publishes the step, and performs the actions. `decide` runs under the lock.
  @discardableResult
  private func handle(
    ending tag: Tag? = nil,
    _ decide: (inout State) -> (RootStateMachine.Event, Staleness?)
  ) -> [RootStateMachine.Action] {
    let (actions, superseded) = state.withLock {
      state -> ([RootStateMachine.Action], [Task<Void, Never>]) in
      if let tag { state.tasks[tag] = nil }
      guard !state.isStopped else { return ([], []) }
      let (event, staleness) = decide(&state)
      if let staleness {
        state.stepSubscribers.yield(Step(event: event, actions: [], dropped: staleness))
        return ([], [])
      }
      let actions = state.machine.handle(event)
      state.stepSubscribers.yield(Step(event: event, actions: actions, dropped: nil))
      return (actions, perform(actions, &state))
    }
    // Outside the lock: a cancellation handler may call back into the runtime.
    for task in superseded { task.cancel() }
    return actions
  }

  /// Performs the machine's actions and returns the tasks they superseded, to be cancelled.
  private func perform(
    _ actions: [RootStateMachine.Action], _ state: inout State
  ) -> [Task<Void, Never>] {
    var superseded: [Task<Void, Never>] = []
    for action in actions {
      switch action {
      case .fetchConfig:
        superseded += state.end(state.fetch)
        state.fetch = run(&state) { .fetched(await $0.fetchConfig()) }
      case .restoreSession:
        superseded += state.end(state.restore)
        state.restore = run(&state) { .restored(await $0.restoreSession()) }
      case .loadProfile(let user):
        superseded += state.end(state.profileLoad?.tag)
        let tag = run(&state) { .profile(await $0.loadProfile(user), user: user) }
        state.profileLoad = (tag, user)
      case .startLoadingTimer:
        superseded += state.end(state.timer)
        let (timeSource, timeout) = (timeSource, loadingTimeout)
        state.timer = run(&state) { _ in
          do {
            try await timeSource.sleep(for: timeout)
            return .timerFired
          } catch {
            return .nothing
          }
        }
      case .cancelLoadingTimer:
        superseded += state.end(state.timer)
      case .showRoute(let route):
        guard route != state.route else { continue }
        state.route = route
        state.routeSubscribers.yield(route)
      case .openStoreURL(let url):
        _ = run(&state) { effects in
          await effects.openStoreURL(url)
          return .nothing
        }
      }
    }
    // Work the machine no longer waits for: a profile for a session that ended, a restore
    // the app answered first.
    if let load = state.profileLoad, state.machine.signedInUser != load.user {
      superseded += state.end(load.tag)
    }
    if state.restore != nil, !state.machine.isRestoringSession {
      superseded += state.end(state.restore)
    }
    return superseded
  }

  /// Starts `work` in a task of its own, tagged, and returns the tag.
  private func run(
    _ state: inout State, _ work: @escaping @Sendable (Effects) async -> Answer
  ) -> Tag {
    state.lastTag += 1
    let (tag, effects) = (state.lastTag, effects)
    state.tasks[tag] = Task { [weak self] in
      let answer = await work(effects)
      self?.receive(answer, from: tag)
    }
    return tag
  }

  /// Feeds an answer to the machine as its event, unless it is late.
  private func receive(_ answer: Answer, from tag: Tag) {
    switch answer {
    case .fetched(.activated(let config)):
      handle(.configActivated(config.values), ending: tag) { state in
        state.take(\.fetch, tag) ? state.apply(config.stamp) : .fetchSuperseded
      }
    case .fetched(.failed(let reason)):
      handle(.configFetchFailed(reason: reason), ending: tag) { state in
        state.take(\.fetch, tag) ? nil : .fetchSuperseded
      }
    case .restored(let user):
      handle(.sessionRestored(user), ending: tag) { state in
        state.take(\.restore, tag) ? nil : .restoreSuperseded
      }
    case .profile(let answer, let user):
      handle(answer.event(user: user), ending: tag) { state in
        guard state.profileLoad?.tag == tag else { return .sessionEnded }
        state.profileLoad = nil
        return nil
      }
    case .timerFired:
      handle(.loadingTimedOut, ending: tag) { state in
        state.take(\.timer, tag) ? nil : .timerCancelled
      }
    case .nothing:
      state.withLock { _ = $0.tasks.removeValue(forKey: tag) }
    }
  }

  /// A new stream on `subscribers`, first given `first(state)` when not nil.
  private func subscribe<Element: Sendable>(
    _ subscribers: any WritableKeyPath<State, StreamSubscribers<Element>> & Sendable,
    first: (State) -> Element?
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = state.withLock { state -> Int? in
      guard !state.isStopped else { return nil }
      if let element = first(state) { continuation.yield(element) }
      return state[keyPath: subscribers].add(continuation)
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0[keyPath: subscribers].remove(id) }
    }
    return stream
  }
}

extension RootRuntime {
  /// How many effect and timer tasks have not ended, cancelled or not.
  var runningTaskCount: Int { state.withLock { $0.tasks.count } }

  /// Returns once every task started so far has ended, so a test can check that nothing
  /// outlived what ended it.
  func tasksEnded() async {
    for task in state.withLock({ Array($0.tasks.values) }) { await task.value }
  }
}

extension RootRuntime.State {
  /// Forgets the awaited work tagged `tag` (its answer will be late) and returns its task
  /// to cancel, if it still runs.
  mutating func end(_ tag: RootRuntime.Tag?) -> [Task<Void, Never>] {
    guard let tag else { return [] }
    if fetch == tag { fetch = nil }
    if restore == tag { restore = nil }
    if profileLoad?.tag == tag { profileLoad = nil }
    if timer == tag { timer = nil }
    return tasks[tag].map { [$0] } ?? []
  }

  /// Whether `tag` is the awaited work at `awaited`; if so, it is awaited no more.
  mutating func take(
    _ awaited: WritableKeyPath<Self, RootRuntime.Tag?>, _ tag: RootRuntime.Tag
  ) -> Bool {
    guard self[keyPath: awaited] == tag else { return false }
    self[keyPath: awaited] = nil
    return true
  }

  /// Records `stamp` as applied, or says why it is late.
  mutating func apply(_ stamp: ConfigStamp) -> RootRuntime.Staleness? {
    if let appliedStamp, stamp <= appliedStamp { return .configNotNewer }
    appliedStamp = stamp
    return nil
  }

  /// Holds `config`, sent before the launch, for it; or says why it is late (an update held
  /// already is as new).
  mutating func hold(_ config: ActivatedConfig) -> RootRuntime.Staleness? {
    if let heldUpdate, config.stamp <= heldUpdate.stamp { return .configNotNewer }
    heldUpdate = config
    return nil
  }
}
