/// A failed flag evaluation: OpenFeature's error code and a message for a person, as the error
/// stage of a hook receives it and the details carry it.
public struct FlagEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The code.
  public let code: FlagErrorCode
  /// What went wrong, naming the flag or the context attribute at fault.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ code: FlagErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }

  /// For example `FLAG_NOT_FOUND: flag 'x' is in neither the template nor the in-app defaults`.
  public var description: String { "\(code): \(message)" }
}
