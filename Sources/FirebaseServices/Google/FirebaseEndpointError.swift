/// Why a Remote Config URL base cannot be used: what was given, where it came from, and
/// what is expected.
public struct FirebaseEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line for a person, naming the value (cut to a readable length) and its origin.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ message: String) {
    self.message = message
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var description: String { message }
}
