extension RootStateMachine {
  /// Something the shell must do in answer to an event.
  public enum Action: Sendable, Hashable {
    /// Fetch and activate the remote config; answer with `configActivated` or
    /// `configFetchFailed`.
    case fetchConfig
    /// Restore the stored session; answer with `sessionRestored`.
    case restoreSession
    /// Load this user's profile; answer with `profileLoaded` or `profileFailed`.
    case loadProfile(UserID)
    /// Start the loading timer; answer with `loadingTimedOut` when it fires.
    case startLoadingTimer
    /// Cancel the loading timer: what it waited for arrived, and it must not fire late.
    case cancelLoadingTimer
    /// Show this route as the root screen.
    case showRoute(Route)
    /// Open this URL (the store page of the forced update).
    case openStoreURL(String)
  }
}
