import ConfigEngine
public import Core
import Foundation

extension RemoteConfigClient {
  /// Loads the saved state from the store and activates the saved template, so the client
  /// is ready from disk without a network call. A missing file starts from the defaults; an
  /// unreadable, cut-off, corrupt or newer-version file also starts from the defaults, with
  /// a diagnostic, and is overwritten by the next successful fetch. A part of the file that
  /// does not read (the context, the throttle, the fetched template, a time...) costs only
  /// that part: everything else is restored, and a diagnostic names the part and the problem.
  /// Never throws, never traps.
  ///
  /// Call it once, early. State the client already has (a fetch that finished first, a
  /// context set in this process) wins over what is on disk.
  /// - Returns: what happened, for a log: `because` reasons, or a `diagnostic` when the
  ///   saved state could not be used.
  @discardableResult
  public func restore() async -> [Reason] {
    let bytes: [UInt8]?
    do {
      bytes = try await store.load()
    } catch {
      return [
        .diagnostic("cannot read the saved remote config (\(error)); using the in-app defaults")
      ]
    }
    guard let bytes else {
      return [.because("no saved remote config yet; using the in-app defaults")]
    }
    let saved: ClientStateFile.Decoded
    do {
      saved = try ClientStateFile.decode(bytes, now: timeSource.now)
    } catch {
      return [
        .diagnostic(
          "the saved remote config is unusable: \(error); using the in-app defaults until the "
            + "next successful fetch replaces it")
      ]
    }
    let problems = saved.problems.map { problem in
      Reason.diagnostic(
        "part '\(problem.part)' of the saved remote config does not read and was left out: "
          + "\(problem.message); the rest was restored")
    }
    let reasons = merge(saved.state)
    if let sourceState = saved.state.sourceState {
      await source.restore(savedState: sourceState)
    }
    return problems + reasons
  }

  /// Takes from `saved` what this process does not already know, then re-evaluates.
  private func merge(_ saved: ClientState) -> [Reason] {
    var reasons: [Reason] = []
    let now = timeSource.now
    var restoredActive = false
    if state.fetched == nil, state.active == nil {
      state.fetched = saved.fetched
      state.active = saved.active
      restoredActive = saved.active != nil
      if let last = saved.lastSuccessfulFetchAt {
        state.lastSuccessfulFetchAt = max(last, state.lastSuccessfulFetchAt ?? last)
      }
    }
    if state.context == nil { state.context = saved.context }
    state.isStale = state.isStale || saved.isStale
    state.contextChanged = state.contextChanged || saved.contextChanged
    if state.sourceState == nil { state.sourceState = saved.sourceState }
    if state.realtimeFailures == 0 { state.realtimeFailures = saved.realtimeFailures }
    var throttle = saved.throttle
    if let until = throttle.throttledUntil {
      // A clock set back after saving must not stretch a throttle beyond what the policy
      // could ever have imposed.
      let longest = now.addingTimeInterval(FetchThrottle.longestThrottle(settings.backoff))
      if until > longest {
        throttle = FetchThrottle(
          throttledUntil: longest, consecutiveFailures: throttle.consecutiveFailures,
          consecutiveThrottles: throttle.consecutiveThrottles)
        reasons.append(
          .diagnostic(
            "the saved throttle ended after \(Timestamp.format(until)), later than "
              + "the backoff allows; shortened to \(Timestamp.format(longest))"))
      }
    }
    if (throttle.throttledUntil ?? .distantPast) > (state.throttle.throttledUntil ?? .distantPast)
      || state.throttle == FetchThrottle()
    {
      state.throttle = throttle
    }
    publishStaleness()
    if restoredActive, let active = state.active {
      eventBroadcaster.broadcast(
        .restored(versionNumber: active.template.compiled.versionNumber))
    }
    install(makeSnapshot())
    if let active = state.active {
      let version = active.template.compiled.versionNumber.map { "version \($0)" } ?? "a template"
      reasons.append(
        .because("restored \(version) activated at \(Timestamp.format(active.activatedAt))"))
    } else {
      reasons.append(.because("the saved remote config has no active template yet"))
    }
    if let fetched = state.fetched, !fetched.isActivated {
      let version = fetched.template.compiled.versionNumber.map { "version \($0)" } ?? "a template"
      reasons.append(.because("\(version) was fetched and awaits activation"))
    }
    if let until = state.throttle.throttledUntil, until > now {
      reasons.append(.because("fetching is throttled until \(Timestamp.format(until))"))
    }
    if state.isStale {
      reasons.append(
        .because("the server announced a newer template; the next fetch ignores the interval"))
    }
    if state.contextChanged {
      reasons.append(
        .because("the context changed since the last fetch; the next fetch ignores the interval"))
    }
    return reasons
  }

  /// Takes the source's own state (`TemplateSource.savedState()`) into the client's state,
  /// after each fetch; true when it changed. (What changes between fetches, an auth token the
  /// real-time stream refreshed, is taken with the next fetch; the next launch at worst asks
  /// for a token again.)
  func takeSourceState() async -> Bool {
    let current = await source.savedState()
    guard current != state.sourceState else { return false }
    state.sourceState = current
    return true
  }

  /// Saves the current state. Saves run one at a time in the order they were scheduled, so
  /// an older state never overwrites a newer one; this returns once this one is written.
  func persist() async {
    state.materializeTemplates()
    let encoded = ClientStateFile.encode(state, savedAt: timeSource.now)
    let bytes = encoded.bytes
    let previous = lastSave
    let store = self.store
    let save = Task<String?, Never> {
      _ = await previous?.value
      do {
        try await store.save(bytes)
        return nil
      } catch {
        return "\(error)"
      }
    }
    lastSave = save
    leftOutOfSave = encoded.leftOut
    saveFailure = await save.value
  }
}
