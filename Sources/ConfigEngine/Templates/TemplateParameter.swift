public import Core

/// One parameter of a template: its default value, its conditional values and metadata.
public struct TemplateParameter: Sendable, Hashable {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var key: String
  /// The value when no condition applies; nil when the template gives none.
  public var defaultValue: ParameterValue?
  /// Values by condition name, in document order. Which one wins is decided by the ORDER OF
  /// THE TEMPLATE'S CONDITIONS, not by this order.
  public var conditionalValues: [ConditionalValue]
  /// The description the console shows; evaluation ignores it.
  public var description: String?
  /// The declared type (`STRING`, `BOOLEAN`, `NUMBER`, `JSON`); nil when absent or not one of
  /// these (an unknown type is kept in `otherMembers`).
  public var valueType: ConfigValueType?
  /// The parameter group the key was declared in, or nil for top-level parameters.
  public var group: String?
  /// The members of the parameter object besides the ones above.
  public var otherMembers: OtherMembers
  /// The members of the `defaultValue` object besides its value.
  public var defaultValueOtherMembers: OtherMembers

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    key: String, defaultValue: ParameterValue?, conditionalValues: [ConditionalValue] = [],
    description: String? = nil, valueType: ConfigValueType? = nil, group: String? = nil
  ) {
    self.key = key
    self.defaultValue = defaultValue
    self.conditionalValues = conditionalValues
    self.description = description
    self.valueType = valueType
    self.group = group
    self.otherMembers = OtherMembers()
    self.defaultValueOtherMembers = OtherMembers()
  }
}
