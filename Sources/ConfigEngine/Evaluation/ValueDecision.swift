package import Core

/// How one evaluation chose one key's value, in the terms a flag standard reports it:
/// OpenFeature's reason, variant and flag metadata (`FlagEvaluation`) are read from it.
///
/// Read after an evaluation from what it already recorded (the winning condition of each
/// parameter) and from what compiling the template prepared (each condition's percent rule),
/// so evaluating costs nothing more for it.
package struct ValueDecision: Sendable, Hashable {
  /// Which part of the template, or of the in-app defaults, gave the value.
  package enum Choice: Sendable, Hashable {
    /// The conditional value of the first true condition with one. `isPercent`: the condition
    /// holds a percent test, so a percent bucket decided it (`Condition.holdsPercentTest`).
    case conditionalValue(condition: String, isPercent: Bool)
    /// The parameter's default value. `hasConditionalValues`: the parameter has conditional
    /// values this version evaluates, none of whose conditions held; without any, the value
    /// is the same for everyone.
    case defaultValue(hasConditionalValues: Bool)
    /// The template leaves the value to the app: `useInAppDefault` (chosen by `condition`'s
    /// conditional value, or the default value's when nil) or no value at all. The value is
    /// the in-app default, or none.
    case inAppDefault(condition: String?)
    /// The template does not have the key; the value is the in-app default, or none.
    case notInTemplate
  }

  /// Which part gave the value.
  package let choice: Choice
  /// The value as `EvaluatedConfig.configValue(forKey:)` gives it: nil when neither the
  /// template nor the in-app defaults know the key, an empty `static` value when the template
  /// leaves it to an in-app default there is none of.
  package let value: ConfigValue?
  /// The parameter's declared `valueType`; nil when it declares none or is not in the
  /// template.
  package let valueType: ConfigValueType?
}

extension EvaluatedConfig {
  /// How this evaluation chose `key`'s value: a few table reads, no evaluation.
  package func decision(forKey key: String) -> ValueDecision {
    let storage = template.storage
    guard let index = storage.parameterIndex[key] else {
      return ValueDecision(choice: .notInTemplate, value: configValue(forKey: key), valueType: nil)
    }
    let parameter = storage.parameters[index]
    let winner = Int(choices[index])
    let value = template.value(ofParameter: index, winner: winner, defaults: defaults)
    let condition = winner >= 0 ? storage.program.names[winner] : nil
    let choice: ValueDecision.Choice
    switch (parameter.value(winner: winner), condition) {
    case (.string, let condition?):
      choice = .conditionalValue(
        condition: condition, isPercent: storage.percentConditions[winner])
    case (.string, nil):
      choice = .defaultValue(hasConditionalValues: !parameter.conditionalValues.isEmpty)
    case (.inAppDefault, _):
      choice = .inAppDefault(condition: condition)
    }
    return ValueDecision(choice: choice, value: value, valueType: storage.valueTypes[index])
  }
}
