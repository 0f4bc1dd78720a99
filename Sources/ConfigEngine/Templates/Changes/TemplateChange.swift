/// What changed from one template to another, as the model both formats are read into sees
/// it: parameters added, removed and changed, conditions added, removed, changed and
/// reordered. A client template and its server-format translation hold the same model, so
/// comparing them finds no change; what only organises or only the console shows (groups,
/// descriptions) is reported for what it is and changes no user.
///
/// ```swift
/// let change = TemplateChange(from: try Template(json: current), to: try Template(json: edited))
/// for parameter in change.changedParameters where parameter.changesValues {
///   print(parameter.key, parameter.aspects)
/// }
/// ```
///
/// Which users a change moves depends on who they are: `switchyard diff` evaluates and
/// routes a population through both templates for that.
public struct TemplateChange: Sendable, Equatable {
  /// Keys only the new template has, in its order.
  public var addedParameters: [String]
  /// Keys only the old template has, in its order.
  public var removedParameters: [String]
  /// Keys both templates have whose parameter differs, in the new template's order.
  public var changedParameters: [ParameterChange]
  /// Conditions only the new template has, in its order.
  public var addedConditions: [String]
  /// Conditions only the old template has, in its order.
  public var removedConditions: [String]
  /// Conditions both templates have that test something else, in the new template's order.
  public var changedConditions: [ConditionChange]
  /// Conditions both templates have that moved relative to the others they share, in the
  /// new template's order: the fewest moves that turn the old order into the new one. Order
  /// decides which value wins, so a move can change users even when nothing else changed.
  public var reorderedConditions: [ConditionMove]

  /// The change from `old` to `new`. A key or condition name the template holds twice is
  /// compared by its first occurrence, the one evaluation uses.
  public init(from old: Template, to new: Template) {
    let oldParameters = Self.firstByKey(old.parameters)
    let newParameters = Self.firstByKey(new.parameters)
    let oldKeys = Set(oldParameters.map(\.key))
    let newKeys = Set(newParameters.map(\.key))
    addedParameters = newParameters.map(\.key).filter { !oldKeys.contains($0) }
    removedParameters = oldParameters.map(\.key).filter { !newKeys.contains($0) }
    let oldByKey = Dictionary(oldParameters.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    changedParameters = newParameters.compactMap { parameter in
      guard let before = oldByKey[parameter.key] else { return nil }
      let change = ParameterChange(from: before, to: parameter)
      return change.aspects.isEmpty ? nil : change
    }

    let oldConditions = Self.firstByName(old.conditions)
    let newConditions = Self.firstByName(new.conditions)
    let oldByName = Dictionary(
      oldConditions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(newConditions.map(\.name))
    addedConditions = newConditions.map(\.name).filter { oldByName[$0] == nil }
    removedConditions = oldConditions.map(\.name).filter { !newNames.contains($0) }
    changedConditions = newConditions.compactMap { condition in
      guard let before = oldByName[condition.name],
        before.condition.normalized != condition.condition.normalized
      else { return nil }
      return ConditionChange(old: before, new: condition)
    }
    reorderedConditions = ConditionMove.moves(
      from: oldConditions.map(\.name), to: newConditions.map(\.name))
  }

  /// How many entries the change lists: each parameter added, removed or changed, and each
  /// condition added, removed, changed or moved.
  public var count: Int {
    addedParameters.count + removedParameters.count + changedParameters.count
      + addedConditions.count + removedConditions.count + changedConditions.count
      + reorderedConditions.count
  }

  /// True when the templates hold the same parameters and conditions in the same order.
  public var isEmpty: Bool { count == 0 }

  private static func firstByKey(_ parameters: [TemplateParameter]) -> [TemplateParameter] {
    var seen: Set<String> = []
    return parameters.filter { seen.insert($0.key).inserted }
  }

  private static func firstByName(_ conditions: [NamedCondition]) -> [NamedCondition] {
    var seen: Set<String> = []
    return conditions.filter { seen.insert($0.name).inserted }
  }
}
