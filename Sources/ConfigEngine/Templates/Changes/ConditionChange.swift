/// A condition both templates name that tests something else in the new one.
public struct ConditionChange: Sendable, Equatable {
  /// The condition as the old template holds it.
  public var old: NamedCondition
  /// The condition as the new template holds it.
  public var new: NamedCondition

  /// The condition's name, the same on both sides.
  public var name: String { new.name }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(old: NamedCondition, new: NamedCondition) {
    self.old = old
    self.new = new
  }
}
