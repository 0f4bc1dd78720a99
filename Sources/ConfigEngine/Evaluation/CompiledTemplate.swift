import Core
import Foundation

/// A template prepared for evaluation: conditions resolved to indices, target strings
/// interned, numbers, versions, instants and regexes parsed once. Immutable and `Sendable`,
/// so any number of threads evaluate it at once without locks.
///
/// Compilation never fails: targets that cannot be evaluated (an invalid regex, a numeric
/// target that is not a number, an invalid version) never match and are listed in
/// `diagnostics`, which `TemplateValidator` includes in its report.
public struct CompiledTemplate: Sendable {
  /// Everything compiled, behind one reference: copying a compiled template (into every
  /// `EvaluatedConfig`, into closures) costs one retain, not one per table.
  final class Storage: Sendable {
    let template: Template
    let program: ConditionProgram
    let parameters: [CompiledParameter]
    /// Each parameter's declared `valueType`, beside `parameters` (which evaluation reads, so
    /// they stay as small as they were).
    let valueTypes: [ConfigValueType?]
    let parameterIndex: [String: Int]
    /// Which conditions each parameter has values for, as bit masks.
    let masks: ParameterConditionMasks
    let diagnostics: [TemplateProblem]
    let conditionWarnings: [TemplateProblem]
    /// Firebase's app-fetch metadata per key; nil for templates without any.
    let metadata: ParameterMetadataTable?
    /// Per condition, in template order: whether it holds a percent test, the rule by which
    /// a value it chose was decided by a percent bucket (`Condition.holdsPercentTest`).
    let percentConditions: [Bool]

    init(_ template: Template) {
      var builder = ConditionProgramBuilder()
      for named in template.conditions {
        builder.addNamedCondition(named)
      }
      let conditionIndex = Dictionary(
        template.conditions.enumerated().map { ($1.name, $0) },
        uniquingKeysWith: { first, _ in first })
      var parameters: [CompiledParameter] = []
      var valueTypes: [ConfigValueType?] = []
      var parameterIndex: [String: Int] = [:]
      for parameter in template.parameters where parameterIndex[parameter.key] == nil {
        parameterIndex[parameter.key] = parameters.count
        parameters.append(CompiledParameter(parameter, conditionIndex: conditionIndex))
        valueTypes.append(parameter.valueType)
      }
      self.template = template
      self.program = builder.program
      self.parameters = parameters
      self.valueTypes = valueTypes
      self.parameterIndex = parameterIndex
      self.masks = ParameterConditionMasks(
        conditionCount: template.conditions.count,
        conditions: parameters.map { $0.conditionalValues.map(\.condition) })
      self.diagnostics = builder.problems
      self.conditionWarnings = template.conditions.flatMap(TemplateReader.unevaluatedParts)
      self.metadata = ParameterMetadataTable(template)
      self.percentConditions = template.conditions.map(\.condition.holdsPercentTest)
    }
  }

  let storage: Storage

  /// Compiles a template.
  public init(_ template: Template) {
    storage = Storage(template)
  }

  /// The template this was compiled from, unchanged.
  public var template: Template { storage.template }

  /// Targets that could not be compiled (errors) and targets that are ignored (warnings).
  public var diagnostics: [TemplateProblem] { storage.diagnostics }

  /// The parts of its conditions this version does not evaluate, each false, as reading the
  /// template warns about them (naming the condition and, in an expression, the column): an
  /// element this version does not know (kind `.unknownConditionElement`, perhaps one newer
  /// than it), or a signal of Firebase's web apps. What the tool prints when it evaluates a
  /// template; empty for most templates.
  public var conditionWarnings: [TemplateProblem] { storage.conditionWarnings }

  /// The template's parameter keys in template order.
  public var keys: [String] { storage.parameters.map(\.key) }

  /// The template's version number, when it has one.
  public var versionNumber: Int? { storage.template.versionNumber }
}

/// A parameter ready for evaluation: its conditional values sorted by condition order.
struct CompiledParameter: Sendable {
  /// What a parameter yields when chosen.
  enum Value: Sendable, Hashable {
    /// A template string (source `remote`).
    case string(String)
    /// Defer to the in-app default (source `default`), or an empty `static` value.
    case inAppDefault
  }

  let key: String
  let defaultValue: Value
  /// `(condition index, value)` pairs in template condition order; unknown conditions and
  /// unsupported value kinds are left out.
  let conditionalValues: [(condition: Int, value: Value)]

  init(_ parameter: TemplateParameter, conditionIndex: [String: Int]) {
    key = parameter.key
    defaultValue = Self.value(parameter.defaultValue) ?? .inAppDefault
    conditionalValues = parameter.conditionalValues.compactMap { conditional in
      guard let index = conditionIndex[conditional.conditionName],
        let value = Self.value(conditional.value)
      else { return nil }
      return (index, value)
    }.sorted { $0.condition < $1.condition }
  }

  /// The value chosen when condition `winner` is the first true one with a value here, or
  /// the default for -1. Values are sorted by condition, so the first of `winner`'s is found
  /// by binary search.
  func value(winner: Int) -> Value {
    guard winner >= 0 else { return defaultValue }
    var low = 0
    var high = conditionalValues.count
    while low < high {
      let middle = (low + high) / 2
      if conditionalValues[middle].condition < winner {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < conditionalValues.count, conditionalValues[low].condition == winner else {
      return defaultValue
    }
    return conditionalValues[low].value
  }

  private static func value(_ value: ParameterValue?) -> Value? {
    switch value {
    case .value(let text)?: .string(text)
    case .useInAppDefault?: .inAppDefault
    case .unsupported?, nil: nil
    }
  }
}
