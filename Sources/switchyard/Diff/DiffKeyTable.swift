import ConfigEngine
import Core

/// Every key either template or the in-app defaults know, with the values it can take on
/// each side, each distinct value numbered once per key: whether a user's value changed is
/// then two numbers compared (looked up by the condition that won,
/// `EvaluatedConfig.winningConditions`), two choices that give the same string are the same
/// number, and numbers become strings once, in the report.
struct DiffKeyTable: Sendable {
  /// One template's side: where each key's value comes from.
  struct Side: Sendable {
    /// Per key: the template's parameter index (in `CompiledTemplate.keys`), or -1 when the
    /// template lacks the key and its value is the same for everyone.
    let parameters: [Int]
    /// Per key: each value the parameter can take, as the condition that chooses it (-1 for
    /// the default, first) and the value's number; for a key the template lacks, its one
    /// value.
    let numbers: [[(condition: Int32, number: Int32)]]

    /// The number of the value key `key` takes in an evaluation whose winning conditions
    /// are `winners`.
    func number(ofKey key: Int, winners: [Int32]) -> Int32 {
      let parameter = parameters[key]
      let choices = numbers[key]
      guard parameter >= 0 else { return choices[0].number }
      let winner = winners[parameter]
      // A parameter has a few conditional values: a scan beats any index.
      return choices.first { $0.condition == winner }?.number ?? choices[0].number
    }
  }

  /// The keys, sorted.
  let keys: [String]
  /// Per key: its distinct values by number; nil is no value (defined nowhere, so the app
  /// reads an empty static value).
  let values: [[String?]]
  let old: Side
  let new: Side
  /// The keys either template has: the others take the in-app default on both sides.
  let comparedKeys: [Int]

  init(old: CompiledTemplate, new: CompiledTemplate, defaults: InAppDefaults) {
    let keys = Set(old.keys).union(new.keys).union(defaults.keys).sorted()
    var values = [[String?]](repeating: [], count: keys.count)
    var numbering = [[String?: Int32]](repeating: [:], count: keys.count)
    func side(_ template: CompiledTemplate) -> Side {
      let index = Dictionary(
        template.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      let possible = template.possibleValues(defaults: defaults)
      var parameters: [Int] = []
      var numbers: [[(condition: Int32, number: Int32)]] = []
      for (position, key) in keys.enumerated() {
        func number(_ value: ConfigValue?) -> Int32 {
          // An empty static value is what the app reads for a key defined nowhere.
          let text = value.flatMap { $0.source == .static ? nil : $0.rawValue }
          if let known = numbering[position][text] { return known }
          let assigned = Int32(values[position].count)
          numbering[position][text] = assigned
          values[position].append(text)
          return assigned
        }
        if let parameter = index[key] {
          parameters.append(parameter)
          numbers.append(possible[parameter].map { ($0.condition, number($0.value)) })
        } else {
          parameters.append(-1)
          let value = defaults[key].map { ConfigValue(rawValue: $0, source: .default) }
          numbers.append([(-1, number(value))])
        }
      }
      return Side(parameters: parameters, numbers: numbers)
    }
    let (oldSide, newSide) = (side(old), side(new))
    self.old = oldSide
    self.new = newSide
    self.keys = keys
    self.values = values
    comparedKeys = keys.indices.filter {
      oldSide.parameters[$0] >= 0 || newSide.parameters[$0] >= 0
    }
  }
}
