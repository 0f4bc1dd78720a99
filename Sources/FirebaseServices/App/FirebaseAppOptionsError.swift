/// Why Firebase app options cannot be made: what is wrong with the app id, the API key or the
/// project. The API key itself is never in the message.
public struct FirebaseAppOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line for a person.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ message: String) {
    self.message = message
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var description: String { message }
}
