/// A feature's answer to "do you serve this user?", with the sentence a support person reads.
///
/// The message is a whole sentence that names the feature, e.g. `elementary serves grade
/// elementary 3` or `juniorHigh is not open to elementary grades`: the router shows it
/// as is, next to other features' answers, without adding to it.
public enum FeatureEligibility: Sendable, Hashable {
  /// The feature serves the user, because of the message.
  case serves(because: String)
  /// The feature does not serve the user: "no, because" the message.
  case declines(because: String)

  /// Whether the feature serves the user.
  public var serves: Bool {
    switch self {
    case .serves: true
    case .declines: false
    }
  }

  /// The message as a `Reason` for a route's explanation.
  public var reason: Reason {
    switch self {
    case .serves(let message), .declines(let message): .because(message)
    }
  }
}
