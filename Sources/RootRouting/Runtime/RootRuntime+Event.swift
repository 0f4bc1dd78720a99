extension RootRuntime {
  /// Something the app observed and tells the runtime with `send(_:)`. The answers to the
  /// runtime's own work (the fetch, the restore, a profile, the timer) come back through
  /// the effects instead, so each can be recognised when it arrives too late.
  public enum Event: Sendable {
    /// A user signed in.
    case signedIn(UserID)
    /// The user signed out.
    case signedOut
    /// The backend ended the session; the user must sign in again.
    case sessionExpired
    /// The app came to the foreground.
    case appBecameActive
    /// The feature on screen started work it must not lose: route changes that would
    /// replace it wait.
    case featureBecameBusy
    /// The feature on screen finished that work.
    case featureBecameIdle
    /// The person tapped the update screen's button.
    case storeLinkTapped
    /// Values were activated after launch (real-time, a refresh); dropped unless newer
    /// than every activation applied.
    case configUpdated(ActivatedConfig)

    /// The machine's event for this one.
    var machineEvent: RootStateMachine.Event {
      switch self {
      case .signedIn(let user): .signedIn(user)
      case .signedOut: .signedOut
      case .sessionExpired: .sessionExpired
      case .appBecameActive: .appBecameActive
      case .featureBecameBusy: .featureBecameBusy
      case .featureBecameIdle: .featureBecameIdle
      case .storeLinkTapped: .storeLinkTapped
      case .configUpdated(let config): .configUpdated(config.values)
      }
    }
  }
}
