/// What the router knows about the user's session.
public enum SessionStatus: String, Sendable, Hashable, CaseIterable {
  /// The stored session is still being restored.
  case unknown
  /// No one is signed in.
  case signedOut
  /// A user is signed in.
  case signedIn
}
