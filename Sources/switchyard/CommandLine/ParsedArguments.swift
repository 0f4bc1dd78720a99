import Core

/// A command's arguments after parsing: option values, flags and positionals, with
/// accessors that turn a missing or malformed value into a `UsageError`.
struct ParsedArguments: Sendable {
  /// The command the arguments belong to, for error messages.
  let command: String
  /// Values by option name (with dashes); an option given twice keeps every value.
  var values: [String: [String]] = [:]
  /// Flags that were present.
  var flags: Set<String> = []
  /// Positional arguments in order.
  var positionals: [String] = []

  /// The last value given for `name`, or nil.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Whether the flag `name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value for `name`, or a usage error saying it is required.
  func required(_ name: String) throws(UsageError) -> String {
    guard let value = value(name) else {
      throw UsageError(command: command, message: "missing required option \(Excerpt.quoted(name))")
    }
    return value
  }

  /// The value for `name` read as an integer in `range`, or nil when absent.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        command: command,
        message:
          "option '\(name)' needs an integer in \(range.lowerBound)...\(range.upperBound), got \(Excerpt.quoted(text))"
      )
    }
    return number
  }

  /// The value for `name` read as a positive number of seconds (`60`, `0.5`), at most a
  /// day, or nil when absent.
  func seconds(_ name: String) throws(UsageError) -> Duration? {
    guard let text = value(name) else { return nil }
    // Digits with an optional fraction: no sign, exponent, hex, `inf` or `nan`.
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let isDecimal =
      (1...2).contains(parts.count) && !parts[0].isEmpty
      && parts.allSatisfy { $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
      && (parts.count == 1 || !parts[1].isEmpty)
    guard isDecimal, let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw UsageError(
        command: command,
        message:
          "option '\(name)' needs a number of seconds above 0 and at most 86400, got \(Excerpt.quoted(text))"
      )
    }
    return .milliseconds(Int64((seconds * 1_000).rounded(.up)))
  }
}
