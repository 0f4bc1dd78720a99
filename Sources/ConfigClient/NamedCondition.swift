/// A template condition with its name: the unit that conditional values refer to and whose
/// position in the template decides priority.
public struct NamedCondition: Sendable, Hashable {
  /// The condition's name, unique in the template.
  public var name: String
  /// What the condition tests.
  public var condition: Condition
  /// The client-template expression it was parsed from; nil for server templates.
  public var expression: String?
  /// The console's tag colour, kept for round trips; it has no effect.
  public var tagColor: String?

  /// Creates a named condition.
  public init(
    name: String, condition: Condition, expression: String? = nil, tagColor: String? = nil
  ) {
    self.name = name
    self.condition = condition
    self.expression = expression
    self.tagColor = tagColor
  }
}
