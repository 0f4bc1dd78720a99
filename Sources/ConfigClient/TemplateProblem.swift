import Core

/// One problem found while reading or validating a template: how bad, where, and what.
public struct TemplateProblem: Sendable, Hashable, CustomStringConvertible {
  /// Whether the problem makes the template unusable.
  public enum Severity: String, Sendable, Hashable {
    /// The template is rejected (loading fails, `validate` exits 1).
    case error
    /// Worth fixing, but the template still loads (e.g. an unused condition).
    case warning
  }

  /// How bad the problem is.
  public var severity: Severity
  /// Where: a key path such as `parameters.welcome.conditionalValues.ios`, a condition
  /// (`condition 'ios_jp'`), or `line 3, column 5` for JSON syntax.
  public var location: String
  /// What is wrong, for a person.
  public var message: String

  /// Creates a problem. The location (at most 200 characters) and the message (500) are
  /// kept to one line (Core's `Excerpt.line`: both ends kept, control characters spelled),
  /// whatever keys, names or values from the template they repeat.
  public init(_ severity: Severity, at location: String, _ message: String) {
    self.severity = severity
    self.location = Excerpt.line(location, length: 200)
    self.message = Excerpt.line(message, length: 500)
  }

  /// For example `error: parameters.flag: "yes" is not a BOOLEAN (expected true or false)`.
  public var description: String {
    location.isEmpty ? "\(severity): \(message)" : "\(severity): \(location): \(message)"
  }
}

/// A template that cannot be used, with every problem found (errors first).
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The problems, errors before warnings, in document order within each.
  public var problems: [TemplateProblem]

  /// Creates an error from problems.
  public init(problems: [TemplateProblem]) {
    self.problems = problems
  }

  /// The errors only.
  public var errors: [TemplateProblem] { problems.filter { $0.severity == .error } }

  /// One problem per line.
  public var description: String {
    let shown = errors.isEmpty ? problems : errors
    return "invalid template: "
      + shown.map { "\($0.location): \($0.message)" }.joined(separator: "; ")
  }
}
