/// Why a template cannot be written as JSON: what and where.
///
/// Everything read from JSON writes back; this is about edits made in code that Firebase's
/// format cannot hold, such as a client-template condition using `.or`, which the expression
/// language does not have, or two parameters with one key in the same object.
public struct TemplateWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where, as `TemplateProblem` names places: `condition 'ios'`, `parameters.welcome`, ...
  public var location: String
  /// What cannot be written, and why.
  public var message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(at location: String, _ message: String) {
    self.location = location
    self.message = message
  }

  /// For example `cannot write condition 'c': client conditions have no '||'`.
  public var description: String { "cannot write \(location): \(message)" }
}
