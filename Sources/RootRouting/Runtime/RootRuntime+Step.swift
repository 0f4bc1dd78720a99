extension RootRuntime {
  /// One event the runtime took in and what became of it, as `steps()` delivers it: the
  /// runtime's transcript, for logs, tests and the command line.
  public struct Step: Sendable {
    /// The event, as the machine sees it: sent by the app, answered by an effect, or the
    /// timer's.
    public let event: RootStateMachine.Event
    /// What the machine asked for, performed in this order; empty when dropped.
    public let actions: [RootStateMachine.Action]
    /// Why the event never reached the machine; nil when it did.
    public let dropped: Staleness?
  }

  /// Why an answer came too late to matter.
  public enum Staleness: Sendable, Hashable {
    /// A newer fetch was started; only its answer counts.
    case fetchSuperseded
    /// The values are not newer (by their stamp) than an activation already applied (or,
    /// before the launch, than an update held for it).
    case configNotNewer
    /// The app reported the session before the restore answered.
    case restoreSuperseded
    /// The profile is for a session that ended: the user signed out, expired, was
    /// replaced, or signed out and in again while it loaded.
    case sessionEnded
    /// The loading timer was cancelled (the config arrived) before it fired.
    case timerCancelled
  }
}
