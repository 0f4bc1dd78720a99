public import Core

/// A template condition with its name: the unit that conditional values refer to and whose
/// position in the template decides priority.
///
/// `condition` is what is evaluated and what `TemplateWriter` writes. The source it was read
/// from, `expression` (client templates) or `conditionJSON` (server templates), is written
/// back verbatim as long as it still reads as `condition`, so an unedited condition keeps its
/// spelling and whatever Switchyard does not model inside it; once `condition` is changed,
/// the writer spells the new one in the same format.
public struct NamedCondition: Sendable, Hashable {
  /// The condition's name, unique in the template.
  public var name: String
  /// What the condition tests.
  public var condition: Condition
  /// The client-template expression it was parsed from; nil for server templates.
  public var expression: String?
  /// The server template's `condition` tree as read; nil for client templates.
  public var conditionJSON: JSONValue?
  /// The console's tag colour, kept for round trips; it has no effect.
  public var tagColor: String?
  /// The members of the condition entry besides `name`, `expression`, `condition` and
  /// `tagColor`.
  public var otherMembers: OtherMembers

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    name: String, condition: Condition, expression: String? = nil, tagColor: String? = nil
  ) {
    self.name = name
    self.condition = condition
    self.expression = expression
    self.conditionJSON = nil
    self.tagColor = tagColor
    self.otherMembers = OtherMembers()
  }

  /// Parses a client-template condition from its expression as `validate` checks one: an
  /// element this version does not know is an error here, where the template reader would
  /// make it false with a warning (see `ConditionExpressionParser`).
  /// - Throws: `ConditionSyntaxError` when the expression does not parse.
  public init(name: String, expression: String, tagColor: String? = nil)
    throws(ConditionSyntaxError)
  {
    self.init(
      name: name,
      condition: try ConditionExpressionParser.parse(expression, conditionName: name),
      expression: expression, tagColor: tagColor)
  }
}
