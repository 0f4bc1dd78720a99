extension RootRuntime {
  /// The work the runtime asks of the app, one closure per kind of action, injected so that
  /// the app supplies the real thing and a test a fake it can hold and release.
  ///
  /// Each call runs in a task of its own. The runtime cancels that task when the work is
  /// superseded (a newer load, a session that ended) or the runtime stops, and drops an
  /// answer that arrives afterwards, so an effect may answer late without harm.
  public struct Effects: Sendable {
    /// Fetches the remote config and activates it: the activated values with their stamp,
    /// or why there are none. Asked once per launch, in parallel with the session's restore.
    public var fetchConfig: @Sendable () async -> FetchAnswer
    /// Restores the stored session: the user signed in during an earlier run, or nil.
    public var restoreSession: @Sendable () async -> UserID?
    /// Loads the profile of a signed-in user: the profile, or why it could not be loaded
    /// (retried when the app next becomes active).
    public var loadProfile: @Sendable (UserID) async -> ProfileAnswer
    /// Opens the forced update's store page (on iOS, `UIApplication.shared.open`).
    public var openStoreURL: @Sendable (String) async -> Void

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public init(
      fetchConfig: @escaping @Sendable () async -> FetchAnswer,
      restoreSession: @escaping @Sendable () async -> UserID?,
      loadProfile: @escaping @Sendable (UserID) async -> ProfileAnswer,
      openStoreURL: @escaping @Sendable (String) async -> Void
    ) {
      self.fetchConfig = fetchConfig
      self.restoreSession = restoreSession
      self.loadProfile = loadProfile
      self.openStoreURL = openStoreURL
    }
  }

  /// What fetching the config came to.
  public enum FetchAnswer: Sendable {
    /// Values were activated: the runtime routes with them unless a newer activation was
    /// already applied.
    case activated(ActivatedConfig)
    /// Nothing was activated, for the reason given: before any config, the in-app
    /// defaults stand in at once.
    case failed(reason: String)
  }

  /// What loading a profile came to.
  public enum ProfileAnswer: Sendable, Hashable {
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    case loaded(UserProfile)
    /// The profile could not be loaded, for the reason given.
    case failed(reason: String)
  }
}

extension RootRuntime.ProfileAnswer {
  /// The machine's event for this answer to the load of `user`'s profile.
  package func event(user: UserID) -> RootStateMachine.Event {
    switch self {
    case .loaded(let profile): .profileLoaded(profile, user: user)
    case .failed(let reason): .profileFailed(reason: reason, user: user)
    }
  }
}
