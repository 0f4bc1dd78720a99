/// The identity of a signed-in user, as the session store reports it. The state machine
/// uses it to tell "the same user signed in again" from "someone else signed in" and to
/// drop profile answers meant for an earlier user.
public struct UserID: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
  /// The identity as the backend spells it.
  public let rawValue: String

  /// Creates an identity.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identity from a string literal.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }
}

extension UserID: CustomStringConvertible {
  /// The raw identity.
  public var description: String { rawValue }
}
