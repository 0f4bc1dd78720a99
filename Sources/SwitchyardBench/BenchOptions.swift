import Core

/// The options of one bench command line: every option takes a value (`--only NAME`).
struct BenchOptions {
  /// Values by option name, with dashes; the last one given wins.
  private(set) var values: [String: String] = [:]

  /// Reads `arguments`, accepting only the options in `allowed`.
  /// - Throws: `BenchUsageError` for an unknown option, a missing value or a stray argument.
  init(_ arguments: some Collection<String>, allowed: Set<String>) throws(BenchUsageError) {
    var rest = arguments[...]
    while let name = rest.popFirst() {
      guard allowed.contains(name) else {
        throw BenchUsageError("unknown option \(Excerpt.quoted(name))")
      }
      guard let value = rest.popFirst() else {
        throw BenchUsageError("option '\(name)' needs a value")
      }
      values[name] = value
    }
  }

  /// The value for `name`, or a usage error saying it is required.
  func required(_ name: String) throws(BenchUsageError) -> String {
    guard let value = values[name] else {
      throw BenchUsageError("missing required option \(Excerpt.quoted(name))")
    }
    return value
  }
}

/// A bench command line that is wrong; the tool exits 2 with the message.
struct BenchUsageError: Error, CustomStringConvertible {
  /// What is wrong, e.g. `option '--only' needs a value`.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
