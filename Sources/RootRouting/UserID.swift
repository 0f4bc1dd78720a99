/// The identity of a signed-in user, as the session store reports it. The state machine
/// uses it to tell "the same user signed in again" from "someone else signed in" and to
/// drop profile answers meant for an earlier user.
public struct UserID: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
  /// The identity as the backend spells it.
  public let rawValue: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(stringLiteral value: String) {
    self.rawValue = value
  }
}

extension UserID: CustomStringConvertible {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var description: String { rawValue }
}
