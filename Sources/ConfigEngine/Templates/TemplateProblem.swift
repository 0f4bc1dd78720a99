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

  /// What a problem is about, where that decides how it is treated.
  public enum Kind: String, Sendable, Hashable {
    /// Every problem but the one below.
    case general
    /// A part of a condition that this version of Switchyard does not know: a signal, a
    /// method, an operator or a kind of condition, perhaps one Firebase added after this
    /// version. Reading makes it a warning and that part false, so a template written for a
    /// newer Firebase still loads and the rest of it applies; `TemplateValidator` makes it an
    /// error, since Firebase refuses at publish what it does not know.
    case unknownConditionElement
  }

  /// How bad the problem is.
  public var severity: Severity
  /// What the problem is about.
  public var kind: Kind
  /// Where: a key path such as `parameters.welcome.conditionalValues.ios`, a condition
  /// (`condition 'ios_jp'`), or `line 3, column 5` for JSON syntax.
  public var location: String
  /// What is wrong, for a person.
  public var message: String

  /// Creates a problem. The location (at most 200 characters and 280 Unicode scalars) and
  /// the message (650 and 700: room for Firebase's list of operators and `validate`'s hint)
  /// are kept to one line (Core's `Excerpt.line`: both ends kept,
  /// control characters spelled), whatever keys, names or values from the template they
  /// repeat, so a problem's description is under 1,000 scalars.
  public init(
    _ severity: Severity, at location: String, _ message: String, kind: Kind = .general
  ) {
    self.severity = severity
    self.kind = kind
    self.location = Excerpt.line(location, length: 200, scalars: 280)
    self.message = Excerpt.line(message, length: 650, scalars: 700)
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

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(problems: [TemplateProblem]) {
    self.problems = problems
  }

  /// The problems of severity `.error`, without the warnings.
  public var errors: [TemplateProblem] { problems.filter { $0.severity == .error } }

  /// The errors (or the warnings, when there are no errors) on one line of under 1,000
  /// Unicode scalars: as many as fit, then how many more there are.
  public var description: String {
    let shown = errors.isEmpty ? problems : errors
    var text = "invalid template: "
    var scalars = text.unicodeScalars.count
    for (index, problem) in shown.enumerated() {
      // A problem is under 1,000 scalars; the first is shown whatever its length.
      let item = Excerpt.line("\(problem.location): \(problem.message)", length: 800, scalars: 850)
      let count = item.unicodeScalars.count
      guard index == 0 || scalars + count + 2 <= 900 else {
        return text + "; and \(shown.count - index) more"
      }
      text += (index == 0 ? "" : "; ") + item
      scalars += count + 2
    }
    return text
  }
}
