import Core

extension CompiledTemplate {
  /// Every value each parameter can take with `defaults`, for output that spells each value
  /// once per template instead of once per evaluation: per parameter, in the order of
  /// `keys`, its default and then its conditional values in the order `evaluate` tries them,
  /// each as `EvaluatedConfig.configValue(forKey:)` gives it when chosen.
  package func possibleValues(defaults: InAppDefaults) -> [[ConfigValue]] {
    let parameters = storage.parameters
    // An evaluation that chose each value in turn answers for it, so the values are those
    // `configValue(forKey:)` gives by construction.
    var choices = [Int32](repeating: -1, count: parameters.count)
    return parameters.enumerated().map { index, parameter in
      // A choice is the winning condition's index in the template (-1: the default).
      ([-1] + parameter.conditionalValues.map(\.condition)).map { winner in
        choices[index] = Int32(winner)
        defer { choices[index] = -1 }
        let chosen = EvaluatedConfig(template: self, defaults: defaults, choices: choices)
        return chosen.configValue(forKey: parameter.key) ?? .missing(key: parameter.key)
      }
    }
  }
}

extension EvaluatedConfig {
  /// Which of `CompiledTemplate.possibleValues(defaults:)` parameter `index` (in the order
  /// of the template's `keys`) took: its position in that parameter's list.
  package func choice(ofParameter index: Int) -> Int {
    let winner = Int(choices[index])
    guard winner >= 0,
      let position = template.storage.parameters[index].conditionalValues.firstIndex(where: {
        $0.condition == winner
      })
    else { return 0 }
    return position + 1
  }
}
