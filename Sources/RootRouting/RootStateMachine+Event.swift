public import Core

extension RootStateMachine {
  /// Something that happened to the app, reported by the shell.
  public enum Event: Sendable {
    /// The app started; `cachedConfig` holds the values activated during an earlier run,
    /// if any were stored.
    case appLaunched(cachedConfig: (any ConfigValues)?)
    /// The fetch the machine asked for delivered values and they were activated.
    case configActivated(any ConfigValues)
    /// The fetch the machine asked for failed, for the reason given.
    case configFetchFailed(reason: String)
    /// The loading timer fired before any config arrived.
    case loadingTimedOut
    /// Restoring the stored session finished: the signed-in user, or nil for none.
    case sessionRestored(UserID?)
    /// A user signed in.
    case signedIn(UserID)
    /// The user signed out.
    case signedOut
    /// The backend ended the session; the user must sign in again.
    case sessionExpired
    /// The profile of `user` loaded.
    case profileLoaded(UserProfile, user: UserID)
    /// Loading the profile of `user` failed, for the reason given.
    case profileFailed(reason: String, user: UserID)
    /// The app came to the foreground.
    case appBecameActive
    /// A real-time config update was activated while the app runs.
    case configUpdated(any ConfigValues)
    /// The feature on screen started work it must not lose (a recording, a test in
    /// progress): route changes that would replace it wait.
    case featureBecameBusy
    /// The feature on screen finished that work.
    case featureBecameIdle
    /// The person tapped the update screen's button.
    case storeLinkTapped
  }
}
