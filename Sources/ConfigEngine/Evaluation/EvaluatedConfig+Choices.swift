package import Core

extension CompiledTemplate {
  /// Every value each parameter can take with `defaults`, for output that spells each value
  /// once per template instead of once per evaluation: per parameter, in the order of
  /// `keys`, its default and then its conditional values in the order `evaluate` tries them,
  /// each with the condition that chooses it (-1 for the default, as in
  /// `EvaluatedConfig.winningConditions`) and as `EvaluatedConfig.configValue(forKey:)` gives
  /// it when chosen.
  package func possibleValues(defaults: InAppDefaults) -> [[(condition: Int32, value: ConfigValue)]]
  {
    // `value(ofParameter:winner:defaults:)` is what `configValue(forKey:)` reads, so these
    // are the values evaluations give.
    storage.parameters.enumerated().map { index, parameter in
      ([-1] + parameter.conditionalValues.map { Int32($0.condition) }).map { winner in
        (winner, value(ofParameter: index, winner: Int(winner), defaults: defaults))
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
