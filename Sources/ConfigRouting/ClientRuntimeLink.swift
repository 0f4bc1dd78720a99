import ConfigClient
import ConfigEngine
import Core
import Foundation
import RootRouting

/// What a `RootClientBridge`'s runtime effects and listeners share: the client, the runtime
/// its activations are forwarded to, the counter of the activations' stamps, and the one
/// queue the client's context is changed through.
///
/// The runtime is held weakly: it holds the effects, which hold this.
final class ClientRuntimeLink: Sendable {
  private struct State {
    weak var runtime: RootRuntime?
    /// The last stamp's counter.
    var sequence: UInt64 = 0
    /// The last change of the client's context; the next one starts after it.
    var lastContextChange: Task<Void, Never>?
  }

  let client: RemoteConfigClient
  private let appVersion: SemanticVersion
  private let idiom: DeviceIdiom
  private let state = LockedState(State())

  init(client: RemoteConfigClient, appVersion: SemanticVersion, idiom: DeviceIdiom) {
    self.client = client
    self.appVersion = appVersion
    self.idiom = idiom
  }

  /// Forwards the client's activations to `runtime` from now on.
  func attach(_ runtime: RootRuntime) {
    state.withLock { $0.runtime = runtime }
  }

  /// The runtime's effects: the fetch is the client's; the restore's and a profile's answers
  /// set the client's context as `SessionContext` says (and forward the values it gives)
  /// before the runtime hears of them.
  func effects(_ app: RootClientBridge.AppEffects) -> RootRuntime.Effects {
    RootRuntime.Effects(
      fetchConfig: { [self] in await fetch() },
      restoreSession: { [self] in
        let user = await app.restoreSession()
        await follow(SessionContext.before(answer: .sessionRestored(user)))
        return user
      },
      loadProfile: { [self] user in
        let answer = await app.loadProfile(user)
        await follow(SessionContext.before(answer: answer.event(user: user)))
        return answer
      },
      openStoreURL: app.openStoreURL)
  }

  /// Sets the client's context as `SessionContext` says for a step the runtime took: what the
  /// app sent (a sign-out), once the runtime took it.
  func follow(_ step: RootRuntime.Step) async {
    guard step.dropped == nil else { return }
    await follow(SessionContext.after(sent: step.event))
  }

  private func follow(_ context: SessionContext?) async {
    if let context { await setContext(context) }
  }

  /// The client's `fetchAndActivate()`, answered with the snapshot it leaves.
  private func fetch() async -> RootRuntime.FetchAnswer {
    // Counted before the fetch: an update forwarded while it is in flight comes after it.
    let sequence = nextSequence()
    do {
      try await client.fetchAndActivate()
    } catch {
      return .failed(reason: error.description)
    }
    return fetched(sequence: sequence)
  }

  /// The client's snapshot as the answer of a fetch counted at `sequence`.
  func fetched(sequence: UInt64) -> RootRuntime.FetchAnswer {
    guard let activated = activated(client.snapshot, sequence: sequence) else {
      return .failed(reason: "the fetch activated no template")
    }
    return .activated(activated)
  }

  /// `snapshot` as an activation stamped now; nil when no template was ever activated (the
  /// in-app defaults alone are no config).
  func activated(_ snapshot: ConfigSnapshot) -> ActivatedConfig? {
    activated(snapshot, sequence: nextSequence())
  }

  private func activated(_ snapshot: ConfigSnapshot, sequence: UInt64) -> ActivatedConfig? {
    guard snapshot.template != nil else { return nil }
    return ActivatedConfig(
      snapshot,
      stamp: ConfigStamp(instant: snapshot.activatedAt ?? .distantPast, sequence: sequence))
  }

  /// Tells the runtime that the client's values are now `snapshot`'s.
  func forward(_ snapshot: ConfigSnapshot) {
    guard let runtime = state.withLock({ $0.runtime }), let activated = activated(snapshot) else {
      return
    }
    runtime.send(.configUpdated(activated))
  }

  /// The next stamp's counter.
  func nextSequence() -> UInt64 {
    state.withLock { state in
      state.sequence += 1
      return state.sequence
    }
  }

  /// Restores the client's saved state and sets the device's signals, keeping the context's
  /// user (the earlier run's, whom the restored values were evaluated for) until the runtime
  /// knows who is signed in.
  func restoreForLaunch() async {
    await client.restore()
    let context = await client.context
    let withDevice = SessionContext.deviceSignals(context, appVersion: appVersion, idiom: idiom)
    if withDevice != context { await client.setContext(withDevice) }
  }

  /// Sets the client's context for `session` and forwards the values it gives, after every
  /// earlier change, unless the runtime's signed-in user is someone else by then (the change
  /// is late: the answer it came with will be dropped, or another change follows).
  func setContext(_ session: SessionContext) async {
    let change = state.withLock { queue in
      let previous = queue.lastContextChange
      let change = Task { [self] in
        await previous?.value
        guard let runtime = state.withLock({ $0.runtime }), session.isCurrent(in: runtime) else {
          return
        }
        let context = await client.context
        let changed = await client.setContext(
          session.evaluationContext(context, appVersion: appVersion, idiom: idiom))
        if !changed.isEmpty { forward(client.snapshot) }
      }
      queue.lastContextChange = change
      return change
    }
    await change.value
  }

  /// Returns once every change of the client's context has ended.
  func contextChangesEnded() async {
    let last = state.withLock { $0.lastContextChange }
    await last?.value
  }
}
