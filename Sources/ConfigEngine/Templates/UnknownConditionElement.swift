/// The one wording for a part of a condition this version of Switchyard does not know, in both
/// formats: an expression's atom (`exp`, `user.property('x')`, a newer method or operator) and
/// a server tree's node kind or operator.
///
/// Reading reports it as a warning of kind `.unknownConditionElement` and makes that part
/// false, with `reason` as the explanation `explain` gives; `TemplateValidator` reports the same
/// problem as an error with `validationHint` added.
enum UnknownConditionElement {
  /// `'exp' is not known to this version of Switchyard`: why that part of a condition is
  /// false, as `explain` says it.
  static func reason(_ subject: String) -> String {
    "\(subject) is not known to this version of Switchyard"
  }

  /// The reading warning: the reason, that the part is false, and `detail` (what was not
  /// understood, or what Firebase has there).
  static func warning(_ subject: String, detail: String) -> String {
    "\(reason(subject)) and is false: \(detail)"
  }

  /// What `validate` adds: Firebase would refuse the template, so this is a typo or a newer
  /// element than this version knows.
  static let validationHint =
    "Firebase refuses at publish what it does not know, so check the spelling; an element"
    + " newer than this Switchyard needs a newer Switchyard"

  /// `percent operator 'GREATER_OR_EQUAL'`: the subject for a percent operator, which the model
  /// keeps in `PercentCondition.Range.unknown` and the compiler explains.
  static func percentOperator(_ name: String) -> String {
    "percent operator \(ConditionSyntaxError.quoted(name))"
  }

  /// The reading warning at `location` for `subject`.
  static func problem(_ subject: String, detail: String, at location: String) -> TemplateProblem {
    TemplateProblem(
      .warning, at: location, warning(subject, detail: detail), kind: .unknownConditionElement)
  }
}
