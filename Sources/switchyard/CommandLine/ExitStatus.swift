/// The tool's exit statuses, the contract scripts rely on.
enum ExitStatus: Int32, Sendable {
  /// Everything worked.
  case success = 0
  /// The command ran but found a problem: a bad input line, an invalid template, a failure.
  case failure = 1
  /// The command line itself was wrong: an unknown command, option or missing value.
  case usage = 2
}
