/// A real-time message that cannot be read: not JSON, not an object, or a known field with
/// a value of the wrong type or range.
struct RealtimeMessageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The field at fault, or nil when the message as a whole is unusable.
  let field: String?
  /// What is wrong.
  let message: String

  init(field: String?, message: String) {
    self.field = field
    self.message = message
  }

  /// For example `real-time message field 'retryIntervalSeconds': expected an integer ...`.
  var description: String {
    if let field { return "real-time message field '\(field)': \(message)" }
    return "real-time message: \(message)"
  }
}
