/// A command line the tool cannot run: printed as one line on standard error, exit 2.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command it concerns, or nil for the top level.
  let command: String?
  /// What is wrong.
  let message: String

  /// For example `switchyard evaluate: unknown option '--foo' (see 'switchyard help evaluate')`.
  var description: String {
    if let command {
      return "switchyard \(command): \(message) (see 'switchyard help \(command)')"
    }
    return "switchyard: \(message) (see 'switchyard --help')"
  }
}
