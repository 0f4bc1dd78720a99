/// A store that cannot read or write its file; the message names the file and the cause.
public struct ConfigStoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was being done, e.g. `write`, `rename`, `read`.
  public let operation: String
  /// The file the operation read or wrote.
  public let path: String
  /// Why it failed, e.g. the system's error text.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(operation: String, path: String, message: String) {
    self.operation = operation
    self.path = path
    self.message = message
  }

  /// For example `cannot write '/cache/default.json.tmp': No space left on device`.
  public var description: String { "cannot \(operation) '\(path)': \(message)" }
}
