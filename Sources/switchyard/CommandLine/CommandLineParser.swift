import Core

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
