/// A parameter's value under one named condition.
public struct ConditionalValue: Sendable, Hashable {
  /// The named condition that selects this value when it is the first true one.
  public var conditionName: String
  /// The value when that condition is the first true one.
  public var value: ParameterValue
  /// The members of the value object besides its value.
  public var otherMembers: OtherMembers

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(conditionName: String, value: ParameterValue) {
    self.conditionName = conditionName
    self.value = value
    self.otherMembers = OtherMembers()
  }
}
