import Core
import Foundation

extension ParsedArguments {
  /// The value for `name` read as an ISO-8601 time with an offset (`--now`), or nil when
  /// absent.
  func time(_ name: String) throws(UsageError) -> Date? {
    guard let text = value(name) else { return nil }
    do {
      return try Timestamp.parse(text)
    } catch {
      throw UsageError(command: command, message: "option '\(name)': \(error)")
    }
  }
}
