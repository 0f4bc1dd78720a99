/// One step in the explanation of a decision ("grade elementary 3 is not open yet") or a
/// diagnostic about bad input the decision worked around. Decisions carry a list of these
/// so every answer can be printed for a person.
public struct Reason: Sendable, Hashable, CustomStringConvertible {
  /// Whether the reason explains the decision or reports a problem with the input.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// Part of why the decision came out as it did.
    case because
    /// A problem with the input that the decision worked around (a malformed value, ...).
    case diagnostic
  }

  /// What kind of reason this is.
  public let kind: Kind
  /// The sentence for a person, without a trailing period.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// A step in the explanation.
  public static func because(_ message: String) -> Reason {
    Reason(.because, message)
  }

  /// A problem with the input that was worked around.
  public static func diagnostic(_ message: String) -> Reason {
    Reason(.diagnostic, message)
  }

  /// The message, prefixed with `warning: ` for diagnostics.
  public var description: String {
    switch kind {
    case .because: message
    case .diagnostic: "warning: " + message
    }
  }
}
