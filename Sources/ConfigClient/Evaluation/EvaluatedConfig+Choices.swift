import Core

extension CompiledTemplate {
  /// Every value each parameter can take with `defaults`, for output that spells each value
  /// once per template instead of once per evaluation: per parameter, in the order of
  /// `keys`, its default and then its conditional values in the order `evaluate` tries them,
  /// each with the condition that chooses it (-1 for the default, as in
  /// `EvaluatedConfig.winningConditions`) and as `EvaluatedConfig.configValue(forKey:)` gives
  /// it when chosen.
  package func possibleValues(defaults: InAppDefaults) -> [[(condition: Int32, value: ConfigValue)]]
  {
    let parameters = storage.parameters
    // An evaluation that chose each value in turn answers for it, so the values are those
    // `configValue(forKey:)` gives by construction.
    var choices = [Int32](repeating: -1, count: parameters.count)
    return parameters.enumerated().map { index, parameter in
      ([-1] + parameter.conditionalValues.map { Int32($0.condition) }).map { winner in
        choices[index] = winner
        defer { choices[index] = -1 }
        let chosen = EvaluatedConfig(template: self, defaults: defaults, choices: choices)
        return (winner, chosen.configValue(forKey: parameter.key) ?? .missing(key: parameter.key))
      }
    }
  }
}

extension EvaluatedConfig {
  /// Per parameter, in the order of the template's `keys`: the condition whose conditional
  /// value it took (the condition's index in the template), or -1 for its default. Equal
  /// winners are equal values, so this is also a cheap key for a set of values.
  package var winningConditions: [Int32] { choices }
}
