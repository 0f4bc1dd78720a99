public import Core

/// How one parameter both templates hold differs between them.
public struct ParameterChange: Sendable, Equatable {
  /// One difference.
  public enum Aspect: Sendable, Equatable {
    /// The default value (nil: none) or, with the same value, the members kept beside it.
    case defaultValue(from: ParameterValue?, to: ParameterValue?)
    /// A value under a condition the old parameter had none for.
    case conditionalValueAdded(condition: String, value: ParameterValue)
    /// A value under a condition the new parameter has none for.
    case conditionalValueRemoved(condition: String, value: ParameterValue)
    /// The value under a condition (or, with the same value, the members kept beside it).
    case conditionalValueChanged(condition: String, from: ParameterValue, to: ParameterValue)
    /// The declared `valueType`: it changes how a value is read and validated, not which
    /// value a user gets.
    case valueType(from: ConfigValueType?, to: ConfigValueType?)
    /// The description the console shows; it changes no user.
    case description(from: String?, to: String?)
    /// The parameter group it is declared in (nil: top level); groups only organise.
    case group(from: String?, to: String?)
    /// Members of the parameter object Switchyard does not model.
    case otherMembers

    /// Whether this difference can change a user's value: values do, metadata does not.
    /// (`valueType` is metadata: the value strings are the same.)
    public var changesValues: Bool {
      switch self {
      case .defaultValue, .conditionalValueAdded, .conditionalValueRemoved,
        .conditionalValueChanged:
        true
      case .valueType, .description, .group, .otherMembers:
        false
      }
    }
  }

  /// The parameter's key.
  public var key: String
  /// What differs, in the order: default value, conditional values (in the new parameter's
  /// order, then those removed), value type, description, group, other members.
  public var aspects: [Aspect]

  /// Whether any aspect can change a user's value.
  public var changesValues: Bool { aspects.contains { $0.changesValues } }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(key: String, aspects: [Aspect]) {
    self.key = key
    self.aspects = aspects
  }

  /// The differences from `old` to `new`, two versions of one key.
  init(from old: TemplateParameter, to new: TemplateParameter) {
    var aspects: [Aspect] = []
    if old.defaultValue != new.defaultValue
      || old.defaultValueOtherMembers != new.defaultValueOtherMembers
    {
      aspects.append(.defaultValue(from: old.defaultValue, to: new.defaultValue))
    }
    let oldValues = Self.firstByCondition(old.conditionalValues)
    let newValues = Self.firstByCondition(new.conditionalValues)
    let oldByCondition = Dictionary(
      oldValues.map { ($0.conditionName, $0) }, uniquingKeysWith: { first, _ in first })
    let newConditions = Set(newValues.map(\.conditionName))
    for value in newValues {
      guard let before = oldByCondition[value.conditionName] else {
        aspects.append(.conditionalValueAdded(condition: value.conditionName, value: value.value))
        continue
      }
      if before != value {
        aspects.append(
          .conditionalValueChanged(
            condition: value.conditionName, from: before.value, to: value.value))
      }
    }
    for value in oldValues where !newConditions.contains(value.conditionName) {
      aspects.append(.conditionalValueRemoved(condition: value.conditionName, value: value.value))
    }
    if old.valueType != new.valueType {
      aspects.append(.valueType(from: old.valueType, to: new.valueType))
    }
    if old.description != new.description {
      aspects.append(.description(from: old.description, to: new.description))
    }
    if old.group != new.group {
      aspects.append(.group(from: old.group, to: new.group))
    }
    if old.otherMembers != new.otherMembers {
      aspects.append(.otherMembers)
    }
    self.init(key: new.key, aspects: aspects)
  }

  private static func firstByCondition(_ values: [ConditionalValue]) -> [ConditionalValue] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0.conditionName).inserted }
  }
}
