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

/// Splits a command's arguments into options, flags and positionals, rejecting anything
/// the command does not declare.
enum CommandLineParser {
  /// Accepts `--name value`, `--name=value`, flags, positionals and `--` to end options.
  static func parse(_ arguments: [String], for command: ToolCommand) throws(UsageError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments(command: command.name)
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = split(argument)
      guard let option = command.options.first(where: { $0.name == name }) else {
        throw UsageError(command: command.name, message: "unknown option \(Excerpt.quoted(name))")
      }
      if option.valueName == nil {
        guard inlineValue == nil else {
          throw UsageError(
            command: command.name, message: "option \(Excerpt.quoted(name)) takes no value")
        }
        parsed.flags.insert(name)
      } else if let value = inlineValue ?? remaining.popFirst() {
        parsed.values[name, default: []].append(value)
      } else {
        throw UsageError(command: command.name, message: "option '\(name)' needs a value")
      }
    }
    guard command.positionals.contains(parsed.positionals.count) else {
      let range = command.positionals
      let expected: String
      switch (range.lowerBound, range.upperBound) {
      case (_, 0): expected = "no arguments"
      case (1, 1): expected = "1 argument"
      case (let low, let high) where low == high: expected = "\(low) arguments"
      case (let low, let high): expected = "\(low) to \(high) arguments"
      }
      throw UsageError(
        command: command.name,
        message: "expected \(expected), got \(parsed.positionals.count)")
    }
    return parsed
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
